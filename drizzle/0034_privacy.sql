CREATE TABLE "erasures" (
	"id" serial PRIMARY KEY NOT NULL,
	"email_hash" text NOT NULL,
	"erased_by" integer,
	"erased_at" timestamp with time zone NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"positions_days" integer DEFAULT 30 NOT NULL,
	"media_days" integer DEFAULT 90 NOT NULL,
	"lead_months" integer DEFAULT 24 NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_texts_kind_check" CHECK ("privacy_texts"."kind" in ('terms', 'waiver'))
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"day" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiver_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer,
	"booking_id" integer NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"photo_consent" boolean NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "player_id" integer;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_erased_by_users_id_fk" FOREIGN KEY ("erased_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_texts" ADD CONSTRAINT "privacy_texts_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_acceptances" ADD CONSTRAINT "waiver_acceptances_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_acceptances" ADD CONSTRAINT "waiver_acceptances_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_texts_kind_version_idx" ON "privacy_texts" USING btree ("kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "waiver_acceptances_player_idx" ON "waiver_acceptances" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "waiver_acceptances_booking_idx" ON "waiver_acceptances" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;