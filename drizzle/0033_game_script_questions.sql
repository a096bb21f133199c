CREATE TABLE "game_question_rules" (
	"game_id" integer PRIMARY KEY NOT NULL,
	"cost_points" integer NOT NULL,
	"cooldown_seconds" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"player_id" integer,
	"kind" text NOT NULL,
	"radius_m" integer,
	"landmark" text,
	"answer" text NOT NULL,
	"asker_lat" double precision NOT NULL,
	"asker_lng" double precision NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_questions_kind_check" CHECK ("team_questions"."kind" in ('radius', 'thermometer', 'landmark')),
	CONSTRAINT "team_questions_answer_check" CHECK ("team_questions"."answer" in ('yes', 'no', 'warmer', 'colder', 'nearer', 'farther'))
);
--> statement-breakpoint
CREATE TABLE "game_script_seeds" (
	"game_id" integer PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_script_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"anchor" text NOT NULL,
	"offset_minutes" integer NOT NULL,
	"action" text NOT NULL,
	"text" text,
	"challenge_id" integer,
	"station_id" integer,
	"radius_m" integer,
	"minutes" integer,
	"planned_by" text NOT NULL,
	"ran_at" timestamp with time zone,
	"ran_instance_id" integer,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_script_steps_anchor_check" CHECK ("game_script_steps"."anchor" in ('start', 'end')),
	CONSTRAINT "game_script_steps_action_check" CHECK ("game_script_steps"."action" in ('message', 'open_challenge', 'close_challenge', 'double_points', 'shrink_area', 'release_station'))
);
--> statement-breakpoint
CREATE TABLE "script_templates" (
	"id" integer PRIMARY KEY NOT NULL,
	"steps" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_events" DROP CONSTRAINT "game_events_type_check";--> statement-breakpoint
ALTER TABLE "game_instances" ADD COLUMN "paused_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "doubled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "game_question_rules" ADD CONSTRAINT "game_question_rules_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_questions" ADD CONSTRAINT "team_questions_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_questions" ADD CONSTRAINT "team_questions_team_id_instance_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."instance_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_questions" ADD CONSTRAINT "team_questions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_script_seeds" ADD CONSTRAINT "game_script_seeds_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_script_steps" ADD CONSTRAINT "game_script_steps_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_script_steps" ADD CONSTRAINT "game_script_steps_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_script_steps" ADD CONSTRAINT "game_script_steps_station_id_item_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."item_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_script_steps" ADD CONSTRAINT "game_script_steps_ran_instance_id_game_instances_id_fk" FOREIGN KEY ("ran_instance_id") REFERENCES "public"."game_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_questions_team_idx" ON "team_questions" USING btree ("team_id","asked_at");--> statement-breakpoint
CREATE INDEX "team_questions_instance_idx" ON "team_questions" USING btree ("instance_id","asked_at");--> statement-breakpoint
CREATE INDEX "game_script_steps_game_idx" ON "game_script_steps" USING btree ("game_id","id");--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_type_check" CHECK ("game_events"."type" in ('state', 'teams', 'player', 'position', 'message', 'found', 'items', 'submission', 'feed', 'challenges', 'question'));