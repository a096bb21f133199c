ALTER TABLE "booking_payments" ADD COLUMN "currency" text DEFAULT 'GBP' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "kind" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "corrects_payment_id" integer;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_corrects_payment_id_booking_payments_id_fk" FOREIGN KEY ("corrects_payment_id") REFERENCES "public"."booking_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_one_void_idx" ON "booking_payments" USING btree ("corrects_payment_id") WHERE "booking_payments"."kind" = 'void';--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_kind_check" CHECK (("booking_payments"."kind" = 'payment' and "booking_payments"."corrects_payment_id" is null and "booking_payments"."payment_amount" > 0) or ("booking_payments"."kind" in ('void', 'refund') and "booking_payments"."corrects_payment_id" is not null and "booking_payments"."payment_amount" < 0));--> statement-breakpoint
-- custom: entries recorded so far are in their booking's currency; paid bookings count as converted leads (0190).
UPDATE "booking_payments" p SET "currency" = b."currency" FROM "bookings" b WHERE b."id" = p."booking_id" AND p."currency" <> b."currency";--> statement-breakpoint
UPDATE "bookings" SET "lead_status" = 'converted', "lead_status_changed_at" = now(), "lead_status_reason" = 'Booking paid'
WHERE "booking_status" IN ('paid', 'completed') AND "lead_status" <> 'converted';
