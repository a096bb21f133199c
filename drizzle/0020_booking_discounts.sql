ALTER TABLE "bookings" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_total" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_history" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "pricing_history" ADD COLUMN "discount_total" numeric(12, 2) DEFAULT 0 NOT NULL;