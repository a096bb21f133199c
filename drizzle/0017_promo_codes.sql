CREATE TABLE "promo_code_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off" integer,
	"currency" text,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"plans" jsonb,
	"min_players" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_currency_check" CHECK ("promo_codes"."currency" in ('GBP', 'USD', 'EUR')),
	CONSTRAINT "promo_codes_kind_check" CHECK (("promo_codes"."percent_off" is not null and "promo_codes"."amount_off" is null and "promo_codes"."percent_off" between 1 and 100) or ("promo_codes"."percent_off" is null and "promo_codes"."amount_off" is not null and "promo_codes"."amount_off" > 0 and "promo_codes"."currency" is not null)),
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."uses" >= 0 and ("promo_codes"."max_uses" is null or "promo_codes"."uses" <= "promo_codes"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_uses_booking_idx" ON "promo_code_uses" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "promo_code_uses_code_idx" ON "promo_code_uses" USING btree ("promo_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_idx" ON "promo_codes" USING btree ("code");