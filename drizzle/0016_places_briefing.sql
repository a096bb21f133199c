ALTER TABLE "submissions" DROP CONSTRAINT "submissions_kind_check";--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "location_lat" double precision;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "location_lng" double precision;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "location_radius_m" integer;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "hidden_until_near" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "check_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "accepted_answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "briefing" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "finish_message" text;--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_check_in_idx" ON "submissions" USING btree ("team_id","challenge_id") WHERE kind = 'check_in';--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_location_check" CHECK (("challenges"."location_lat" is null and "challenges"."location_lng" is null and "challenges"."location_radius_m" is null) or ("challenges"."location_lat" is not null and "challenges"."location_lng" is not null and "challenges"."location_radius_m" > 0));--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_check_in_check" CHECK (not "challenges"."check_in" or "challenges"."location_lat" is not null);--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_kind_check" CHECK ("submissions"."kind" in ('photo', 'text', 'count', 'check_in'));