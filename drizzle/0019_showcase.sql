CREATE TABLE "feed_hidden" (
	"submission_id" integer PRIMARY KEY NOT NULL,
	"hidden_by" integer,
	"hidden_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_showcase" (
	"game_id" integer PRIMARY KEY NOT NULL,
	"screen_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"recap_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"recap_published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "game_events" DROP CONSTRAINT "game_events_type_check";--> statement-breakpoint
ALTER TABLE "feed_hidden" ADD CONSTRAINT "feed_hidden_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_hidden" ADD CONSTRAINT "feed_hidden_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_showcase" ADD CONSTRAINT "game_showcase_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_showcase_screen_idx" ON "game_showcase" USING btree ("screen_token");--> statement-breakpoint
CREATE UNIQUE INDEX "game_showcase_recap_idx" ON "game_showcase" USING btree ("recap_token");--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_type_check" CHECK ("game_events"."type" in ('state', 'teams', 'player', 'position', 'message', 'found', 'items', 'submission', 'feed'));