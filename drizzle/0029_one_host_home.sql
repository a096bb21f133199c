-- One home for a game's host (issue 36): the booking's assigned host. Where the game's own copy named another host
-- (it always followed the booking's, but keep whatever a game ran with), the booking takes the game's before the copy
-- goes.
UPDATE "bookings" SET "assigned_host_id" = g."host_id"
FROM "games" g
WHERE g."booking_id" = "bookings"."id" AND g."host_id" IS NOT NULL AND g."host_id" IS DISTINCT FROM "bookings"."assigned_host_id";
--> statement-breakpoint
ALTER TABLE "games" DROP CONSTRAINT "games_host_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "games" DROP COLUMN "host_id";
