ALTER TABLE "bookings" ADD COLUMN "manage_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_manage_key_idx" ON "bookings" USING btree ("manage_key");--> statement-breakpoint
-- custom: backfill. The ADD COLUMN above evaluates its volatile default once per existing row, so every older
-- booking already got its own random 256-bit key (two UUIDv4s, hex) before the unique index was built. This statement
-- only repeats that for safety, should a row ever hold an empty key; it changes nothing on a fresh database.
UPDATE "bookings" SET "manage_key" = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') WHERE "manage_key" = '';
