ALTER TABLE "games" ADD COLUMN "stations_edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Stations placed before this column existed were placed by hand: they must not follow the area (decision 0335).
UPDATE "games" SET "stations_edited" = true WHERE EXISTS (SELECT 1 FROM "item_stations" WHERE "item_stations"."game_id" = "games"."id");
