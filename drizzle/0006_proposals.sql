CREATE TABLE "proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"plan_type" text NOT NULL,
	"players" integer NOT NULL,
	"add_ons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text NOT NULL,
	"price_per_person" numeric(12, 2) NOT NULL,
	"add_ons_total" numeric(12, 2) NOT NULL,
	"lines_total" numeric(12, 2) NOT NULL,
	"total_price" numeric(12, 2) NOT NULL,
	"valid_until" date NOT NULL,
	"created_by" integer,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" in ('draft', 'sent', 'accepted', 'withdrawn')),
	CONSTRAINT "proposals_total_check" CHECK ("proposals"."total_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_token_idx" ON "proposals" USING btree ("token");--> statement-breakpoint
CREATE INDEX "proposals_booking_idx" ON "proposals" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "proposals_status_created_idx" ON "proposals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_one_accepted_idx" ON "proposals" USING btree ("booking_id") WHERE "proposals"."status" = 'accepted';