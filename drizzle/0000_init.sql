CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "booking_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"source" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"payment_type" text NOT NULL,
	"payment_amount" integer NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"initial_area_id" text,
	"initial_area_lat" double precision NOT NULL,
	"initial_area_lng" double precision NOT NULL,
	"initial_area_radius" integer DEFAULT 1000 NOT NULL,
	"players" integer NOT NULL,
	"hosted" boolean DEFAULT false NOT NULL,
	"duration" integer DEFAULT 120 NOT NULL,
	"timezone" text DEFAULT 'Europe/London' NOT NULL,
	"full_name" text,
	"email" text NOT NULL,
	"tel" text,
	"company_name" text,
	"referral_source" text,
	"city" text NOT NULL,
	"plan_type" text DEFAULT 'standard' NOT NULL,
	"add_ons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"price_per_person" numeric(12, 2) NOT NULL,
	"add_ons_total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total_price" numeric(12, 2) NOT NULL,
	"meeting_point_address" text,
	"meeting_point_status" text,
	"meeting_point_notes" text,
	"meeting_point_owner" text,
	"meeting_point_venue_id" text,
	"hiding_spot_address" text,
	"hiding_spot_status" text,
	"hiding_spot_notes" text,
	"hiding_spot_owner" text,
	"hiding_spot_venue_id" text,
	"assigned_chicken" text,
	"assigned_chicken_email" text,
	"assigned_host_id" integer,
	"locked_locations" boolean DEFAULT false NOT NULL,
	"locked_challenges" boolean DEFAULT false NOT NULL,
	"locked_game_area" boolean DEFAULT false NOT NULL,
	"locked_chicken" boolean DEFAULT false NOT NULL,
	"locked_host" boolean DEFAULT false NOT NULL,
	"locked_teams" boolean DEFAULT false NOT NULL,
	"admin_venue_notes" text,
	"admin_general_notes" text,
	"booking_status" text DEFAULT 'enquiry' NOT NULL,
	"lead_status" text DEFAULT 'new' NOT NULL,
	"lead_status_reason" text,
	"lead_status_changed_at" timestamp with time zone,
	"meeting_time" jsonb NOT NULL,
	"date" date NOT NULL,
	"utc_date_time" timestamp with time zone,
	"temp_code" text NOT NULL,
	"created_by_session" text,
	"version" integer DEFAULT 1 NOT NULL,
	"gclid" text,
	"fbclid" text,
	"fbc" text,
	"li_fat_id" text,
	"msclkid" text,
	"ttclid" text,
	"twclid" text,
	"pclid" text,
	"snapclid" text,
	"dclid" text,
	"rdt_cid" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"type" text NOT NULL,
	"note" text NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"plan_type" text NOT NULL,
	"price_per_person" numeric(12, 2) NOT NULL,
	"add_ons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"players" integer NOT NULL,
	"total_price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"name" text NOT NULL,
	"players" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"type" text DEFAULT 'Rating' NOT NULL,
	"spice_level" text DEFAULT 'Mild' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"max_score" integer DEFAULT 10 NOT NULL,
	"max_submissions" integer DEFAULT 1 NOT NULL,
	"points_per_submission" integer DEFAULT 1 NOT NULL,
	"region_code" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_challenges" (
	"game_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "game_challenges_game_id_challenge_id_pk" PRIMARY KEY("game_id","challenge_id")
);
--> statement-breakpoint
CREATE TABLE "game_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"latest_area" jsonb
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"code" text NOT NULL,
	"activated" boolean DEFAULT false NOT NULL,
	"weapons_on" boolean DEFAULT false NOT NULL,
	"host_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"name" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"chicken_points" integer DEFAULT 0 NOT NULL,
	"found_chicken_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"team_id" integer,
	"name" text NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"challenge_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"rating" integer,
	"points_awarded" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_list" (
	"currency" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_type" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"sale_price" numeric(12, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_currency_item_kind_item_type_pk" PRIMARY KEY("currency","item_kind","item_type")
);
--> statement-breakpoint
CREATE TABLE "activity_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"booking_id" integer,
	"subject_user_id" integer,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"kind" text NOT NULL,
	"status" text DEFAULT 'stored' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"password_hash" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_host" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_assigned_host_id_users_id_fk" FOREIGN KEY ("assigned_host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_history" ADD CONSTRAINT "contact_history_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_history" ADD CONSTRAINT "contact_history_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_history" ADD CONSTRAINT "pricing_history_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_challenges" ADD CONSTRAINT "game_challenges_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_challenges" ADD CONSTRAINT "game_challenges_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_instances" ADD CONSTRAINT "game_instances_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_teams" ADD CONSTRAINT "instance_teams_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_team_id_instance_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."instance_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_team_id_instance_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."instance_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_changes_booking_idx" ON "booking_changes" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_payments_booking_idx" ON "booking_payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_payments_created_idx" ON "booking_payments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_temp_code_idx" ON "bookings" USING btree ("temp_code");--> statement-breakpoint
CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("booking_status","created_at");--> statement-breakpoint
CREATE INDEX "bookings_lead_status_created_idx" ON "bookings" USING btree ("lead_status","created_at");--> statement-breakpoint
CREATE INDEX "bookings_date_idx" ON "bookings" USING btree ("date");--> statement-breakpoint
CREATE INDEX "bookings_full_name_trgm_idx" ON "bookings" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_email_trgm_idx" ON "bookings" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_company_trgm_idx" ON "bookings" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_history_booking_idx" ON "contact_history" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "pricing_history_booking_idx" ON "pricing_history" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "teams_booking_idx" ON "teams" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "challenges_spice_idx" ON "challenges" USING btree ("spice_level");--> statement-breakpoint
CREATE INDEX "game_instances_game_idx" ON "game_instances" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "games_code_idx" ON "games" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "games_booking_idx" ON "games" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "instance_teams_instance_idx" ON "instance_teams" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "players_instance_idx" ON "players" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "submissions_instance_idx" ON "submissions" USING btree ("instance_id","submitted_at");--> statement-breakpoint
CREATE INDEX "activity_log_created_idx" ON "activity_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_booking_idx" ON "activity_log" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_log_user_idx" ON "activity_log" USING btree ("subject_user_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("done_at","run_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));