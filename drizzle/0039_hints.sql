CREATE TABLE "hint_takes" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"hint_index" integer NOT NULL,
	"player_id" integer,
	"cost" integer NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "hints" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "hint_takes" ADD CONSTRAINT "hint_takes_team_id_instance_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."instance_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hint_takes" ADD CONSTRAINT "hint_takes_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hint_takes" ADD CONSTRAINT "hint_takes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hint_takes_once_idx" ON "hint_takes" USING btree ("team_id","challenge_id","hint_index");--> statement-breakpoint
CREATE INDEX "hint_takes_team_idx" ON "hint_takes" USING btree ("team_id");