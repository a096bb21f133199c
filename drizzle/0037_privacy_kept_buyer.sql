ALTER TABLE "invoice_buyers" ADD COLUMN "kept_name" text;--> statement-breakpoint
ALTER TABLE "invoice_buyers" ADD COLUMN "kept_email" text;