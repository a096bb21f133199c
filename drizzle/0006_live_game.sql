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
ALTER TABLE "game_instances" ALTER COLUMN "status" SET DEFAULT 'lobby';--> statement-breakpoint
ALTER TABLE "game_instances" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "chicken_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "instance_teams" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "role" text DEFAULT 'player' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "location" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "last_lat" double precision;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "last_lng" double precision;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "last_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_positions" ADD CONSTRAINT "player_positions_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_positions" ADD CONSTRAINT "player_positions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_events_game_idx" ON "game_events" USING btree ("game_id","id");--> statement-breakpoint
CREATE INDEX "game_messages_instance_idx" ON "game_messages" USING btree ("instance_id","id");--> statement-breakpoint
CREATE INDEX "player_positions_player_idx" ON "player_positions" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_instances_open_idx" ON "game_instances" USING btree ("game_id") WHERE status in ('lobby', 'live');--> statement-breakpoint
CREATE INDEX "game_instances_live_ends_idx" ON "game_instances" USING btree ("ends_at") WHERE status = 'live';--> statement-breakpoint
CREATE UNIQUE INDEX "instance_teams_name_idx" ON "instance_teams" USING btree ("instance_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "players_token_idx" ON "players" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "players_name_idx" ON "players" USING btree ("instance_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "players_chicken_idx" ON "players" USING btree ("instance_id") WHERE role = 'chicken';--> statement-breakpoint
-- custom: instances started before the lifecycle existed end at their start plus the booked duration.
UPDATE "game_instances" gi SET "ends_at" = gi."start_time" + make_interval(mins => b."duration")
  FROM "games" g JOIN "bookings" b ON b."id" = g."booking_id"
  WHERE g."id" = gi."game_id" AND gi."status" = 'live' AND gi."ends_at" IS NULL;
