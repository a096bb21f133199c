CREATE TABLE "checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "game_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"instance_id" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"text" text NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" real,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_chickens" (
	"instance_id" integer PRIMARY KEY NOT NULL,
	"found_code" text NOT NULL,
	"hiding_lat" double precision,
	"hiding_lng" double precision,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_effects" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"kind" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"by_team_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"kind" text NOT NULL,
	"station_id" integer,
	"picked_by" integer,
	"picked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer,
	"target_team_id" integer,
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "item_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"kind" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "score_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_instances" ALTER COLUMN "status" SET DEFAULT 'lobby';--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "game_instances" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "chicken_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "instance_teams" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "role" text DEFAULT 'player' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "location" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "last_lat" double precision;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "last_lng" double precision;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "last_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "kind" text DEFAULT 'photo' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "text_answer" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "count" integer;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "reviewer_id" integer;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_positions" ADD CONSTRAINT "player_positions_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_positions" ADD CONSTRAINT "player_positions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_chickens" ADD CONSTRAINT "instance_chickens_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_effects" ADD CONSTRAINT "team_effects_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_effects" ADD CONSTRAINT "team_effects_team_id_instance_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."instance_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_effects" ADD CONSTRAINT "team_effects_by_team_id_instance_teams_id_fk" FOREIGN KEY ("by_team_id") REFERENCES "public"."instance_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_items" ADD CONSTRAINT "team_items_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_items" ADD CONSTRAINT "team_items_team_id_instance_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."instance_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_items" ADD CONSTRAINT "team_items_station_id_item_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."item_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_items" ADD CONSTRAINT "team_items_picked_by_players_id_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_items" ADD CONSTRAINT "team_items_used_by_players_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_items" ADD CONSTRAINT "team_items_target_team_id_instance_teams_id_fk" FOREIGN KEY ("target_team_id") REFERENCES "public"."instance_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_stations" ADD CONSTRAINT "item_stations_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_adjustments" ADD CONSTRAINT "score_adjustments_team_id_instance_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."instance_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_adjustments" ADD CONSTRAINT "score_adjustments_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_provider_session_idx" ON "checkouts" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "checkouts_booking_idx" ON "checkouts" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "game_events_game_idx" ON "game_events" USING btree ("game_id","id");--> statement-breakpoint
CREATE INDEX "game_messages_instance_idx" ON "game_messages" USING btree ("instance_id","id");--> statement-breakpoint
CREATE INDEX "player_positions_player_idx" ON "player_positions" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "team_effects_instance_idx" ON "team_effects" USING btree ("instance_id","until");--> statement-breakpoint
CREATE INDEX "team_items_team_idx" ON "team_items" USING btree ("team_id","picked_at");--> statement-breakpoint
CREATE INDEX "team_items_station_idx" ON "team_items" USING btree ("station_id","team_id");--> statement-breakpoint
CREATE INDEX "item_stations_game_idx" ON "item_stations" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_token_idx" ON "proposals" USING btree ("token");--> statement-breakpoint
CREATE INDEX "proposals_booking_idx" ON "proposals" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "proposals_status_created_idx" ON "proposals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_one_accepted_idx" ON "proposals" USING btree ("booking_id") WHERE "proposals"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "score_adjustments_team_idx" ON "score_adjustments" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_provider_ref_idx" ON "booking_payments" USING btree ("provider","kind","provider_reference") WHERE "booking_payments"."provider_reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "game_instances_open_idx" ON "game_instances" USING btree ("game_id") WHERE status in ('lobby', 'live');--> statement-breakpoint
CREATE INDEX "game_instances_live_ends_idx" ON "game_instances" USING btree ("ends_at") WHERE status = 'live';--> statement-breakpoint
CREATE UNIQUE INDEX "instance_teams_name_idx" ON "instance_teams" USING btree ("instance_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "players_token_idx" ON "players" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "players_name_idx" ON "players" USING btree ("instance_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "players_chicken_idx" ON "players" USING btree ("instance_id") WHERE role = 'chicken';--> statement-breakpoint
CREATE INDEX "submissions_team_challenge_idx" ON "submissions" USING btree ("team_id","challenge_id");--> statement-breakpoint
CREATE INDEX "submissions_status_idx" ON "submissions" USING btree ("status","submitted_at");--> statement-breakpoint
-- from 0006_game-and-payments.sql
-- custom: instances started before the lifecycle existed end at their start plus the booked duration.
UPDATE "game_instances" gi SET "ends_at" = gi."start_time" + make_interval(mins => b."duration")
  FROM "games" g JOIN "bookings" b ON b."id" = g."booking_id"
  WHERE g."id" = gi."game_id" AND gi."status" = 'live' AND gi."ends_at" IS NULL;



