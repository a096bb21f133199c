ALTER TABLE "booking_payments" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_purpose_check" CHECK ("booking_payments"."purpose" in ('concession', 'cancellation', 'correction'));--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_purpose_kind_check" CHECK ("booking_payments"."purpose" is null or "booking_payments"."kind" = 'refund');--> statement-breakpoint
-- Refunds before decision 0505 gave money back with the price unchanged: corrections.
UPDATE "booking_payments" SET "purpose" = 'correction' WHERE "kind" = 'refund';
