ALTER TABLE "submissions" DROP CONSTRAINT "submissions_kind_check";--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "answer_media" text DEFAULT 'photo' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "live_capture" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_answer_media_check" CHECK ("challenges"."answer_media" in ('photo', 'video'));--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_kind_check" CHECK ("submissions"."kind" in ('photo', 'text', 'count', 'check_in', 'video'));--> statement-breakpoint
-- The default challenges that say "film…" or "record a 20-second review" take a video (decision 0422); a challenge
-- staff changed keeps its text, so only the defaults still named as seeded move.
UPDATE "challenges" SET "answer_media" = 'video' WHERE "is_default" AND "name" IN ('Serenade a Stranger', 'Street Art Critic', 'Recreate a Movie Scene', 'High Fives for Charity', 'Chicken Dance in Public');
