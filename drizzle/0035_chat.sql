ALTER TABLE "game_messages" ADD COLUMN "channel" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_messages" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "game_messages" ADD COLUMN "chicken_id" integer;--> statement-breakpoint
ALTER TABLE "game_messages" ADD COLUMN "sender_player_id" integer;--> statement-breakpoint
ALTER TABLE "game_messages" ADD COLUMN "written_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "game_messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_messages" ADD COLUMN "hidden_by" integer;--> statement-breakpoint
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_team_id_instance_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."instance_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_chicken_id_players_id_fk" FOREIGN KEY ("chicken_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_sender_player_id_players_id_fk" FOREIGN KEY ("sender_player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_channel_check" CHECK ("game_messages"."channel" in ('team', 'host', 'all'));--> statement-breakpoint
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_audience_check" CHECK (("game_messages"."channel" = 'all' and "game_messages"."team_id" is null and "game_messages"."chicken_id" is null) or ("game_messages"."channel" = 'team' and "game_messages"."team_id" is not null and "game_messages"."chicken_id" is null) or ("game_messages"."channel" = 'host' and ("game_messages"."team_id" is null) <> ("game_messages"."chicken_id" is null)));--> statement-breakpoint
UPDATE "game_messages" SET "written_at" = "created_at";
