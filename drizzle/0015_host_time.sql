CREATE TABLE "host_time_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"travel_margin_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_time_settings_single_row" CHECK ("host_time_settings"."id" = 1),
	CONSTRAINT "host_time_settings_margin_check" CHECK ("host_time_settings"."travel_margin_minutes" between 0 and 1440)
);
--> statement-breakpoint
CREATE TABLE "host_unavailability" (
	"id" serial PRIMARY KEY NOT NULL,
	"host_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_unavailability_order_check" CHECK ("host_unavailability"."ends_at" > "host_unavailability"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "host_unavailability" ADD CONSTRAINT "host_unavailability_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "host_unavailability_host_idx" ON "host_unavailability" USING btree ("host_id","starts_at");