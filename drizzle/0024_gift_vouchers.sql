CREATE TABLE "gift_voucher_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"booking_id" integer,
	"booking_payment_id" integer,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_voucher_ledger_kind_check" CHECK ("gift_voucher_ledger"."kind" in ('issued', 'redeemed', 'refunded', 'expired')),
	CONSTRAINT "gift_voucher_ledger_sign_check" CHECK (("gift_voucher_ledger"."kind" in ('issued', 'refunded') and "gift_voucher_ledger"."amount" > 0) or ("gift_voucher_ledger"."kind" in ('redeemed', 'expired') and "gift_voucher_ledger"."amount" < 0))
);
--> statement-breakpoint
CREATE TABLE "gift_voucher_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"validity_months" integer DEFAULT 12 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_voucher_settings_single_row" CHECK ("gift_voucher_settings"."id" = 1),
	CONSTRAINT "gift_voucher_settings_validity_check" CHECK ("gift_voucher_settings"."validity_months" between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "gift_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"code" text,
	"amount" integer NOT NULL,
	"balance" integer NOT NULL,
	"currency" text NOT NULL,
	"recipient_name" text NOT NULL,
	"message" text,
	"buyer_name" text,
	"buyer_email" text,
	"source" text NOT NULL,
	"created_by" integer,
	"provider" text,
	"provider_session_id" text,
	"issued_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_vouchers_currency_check" CHECK ("gift_vouchers"."currency" in ('GBP', 'USD', 'EUR')),
	CONSTRAINT "gift_vouchers_source_check" CHECK ("gift_vouchers"."source" in ('online', 'staff')),
	CONSTRAINT "gift_vouchers_balance_check" CHECK ("gift_vouchers"."amount" > 0 and "gift_vouchers"."balance" >= 0 and "gift_vouchers"."balance" <= "gift_vouchers"."amount"),
	CONSTRAINT "gift_vouchers_issued_check" CHECK (("gift_vouchers"."code" is not null and "gift_vouchers"."issued_at" is not null and "gift_vouchers"."expires_at" is not null) or ("gift_vouchers"."code" is null and "gift_vouchers"."issued_at" is null and "gift_vouchers"."expires_at" is null and "gift_vouchers"."balance" = "gift_vouchers"."amount"))
);
--> statement-breakpoint
ALTER TABLE "gift_voucher_ledger" ADD CONSTRAINT "gift_voucher_ledger_voucher_id_gift_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."gift_vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_voucher_ledger" ADD CONSTRAINT "gift_voucher_ledger_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_voucher_ledger" ADD CONSTRAINT "gift_voucher_ledger_booking_payment_id_booking_payments_id_fk" FOREIGN KEY ("booking_payment_id") REFERENCES "public"."booking_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_voucher_ledger_voucher_idx" ON "gift_voucher_ledger" USING btree ("voucher_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_voucher_ledger_payment_idx" ON "gift_voucher_ledger" USING btree ("booking_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_voucher_ledger_issued_idx" ON "gift_voucher_ledger" USING btree ("voucher_id") WHERE "gift_voucher_ledger"."kind" = 'issued';--> statement-breakpoint
CREATE UNIQUE INDEX "gift_vouchers_token_idx" ON "gift_vouchers" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_vouchers_code_idx" ON "gift_vouchers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_vouchers_provider_session_idx" ON "gift_vouchers" USING btree ("provider","provider_session_id") WHERE "gift_vouchers"."provider_session_id" is not null;--> statement-breakpoint
CREATE INDEX "gift_vouchers_expiry_idx" ON "gift_vouchers" USING btree ("expires_at") WHERE "gift_vouchers"."balance" > 0;