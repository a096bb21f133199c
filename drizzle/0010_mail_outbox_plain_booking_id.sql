-- The mail outbox is the platform's: it keeps the booking a mail is about as a plain number, no reference to a domain's table (decision 0327).
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_booking_id_bookings_id_fk";
