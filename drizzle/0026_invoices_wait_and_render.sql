ALTER TABLE "invoices" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "year" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "sequence" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "net" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "vat" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "vat_rate_bp" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "seller" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "issued_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "status" text DEFAULT 'issued' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "mail_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "render_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "render_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "render_error" text;--> statement-breakpoint
CREATE INDEX "invoices_waiting_idx" ON "invoices" USING btree ("id") WHERE "invoices"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "invoices_mail_due_idx" ON "invoices" USING btree ("id") WHERE "invoices"."mail_due";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('waiting', 'issued'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_check" CHECK (("invoices"."status" = 'waiting' and "invoices"."number" is null and "invoices"."sequence" is null and "invoices"."year" is null and "invoices"."issued_at" is null) or ("invoices"."status" = 'issued' and "invoices"."number" is not null and "invoices"."year" is not null and "invoices"."sequence" is not null and "invoices"."net" is not null and "invoices"."vat" is not null and "invoices"."vat_rate_bp" is not null and "invoices"."seller" is not null and "invoices"."issued_at" is not null));--> statement-breakpoint
UPDATE "invoices" SET "recorded_at" = "issued_at";