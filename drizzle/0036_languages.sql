ALTER TABLE "bookings" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_language_check" CHECK ("bookings"."language" in ('en', 'de', 'fr', 'es', 'nl'));--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_language_check" CHECK ("players"."language" in ('en', 'de', 'fr', 'es', 'nl'));