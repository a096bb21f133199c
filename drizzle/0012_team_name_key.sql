-- A game's team names are one name when their nameKey is (shared/game/teams.ts, decision 0350): the server writes the
-- key with each name. Rows made before it get the same rule in SQL (NFKC, trimmed, inner whitespace collapsed, lower).
ALTER TABLE "instance_teams" ADD COLUMN "name_key" text;--> statement-breakpoint
UPDATE "instance_teams" SET "name_key" = lower(regexp_replace(regexp_replace(normalize("name", NFKC), '^\s+|\s+$', '', 'g'), '\s+', ' ', 'g'));--> statement-breakpoint
-- Two teams of one game that are now the same name ('Red  Fox' and 'Red Fox') both stay, with their players and points:
-- the later ones are renamed 'Red Fox (2)', 'Red Fox (3)', … so the unique index can hold.
UPDATE "instance_teams" SET "name" = "instance_teams"."name" || ' (' || "dup"."n" || ')', "name_key" = "instance_teams"."name_key" || ' (' || "dup"."n" || ')'
  FROM (SELECT "id", row_number() OVER (PARTITION BY "instance_id", "name_key" ORDER BY "id") AS "n" FROM "instance_teams") AS "dup"
  WHERE "dup"."id" = "instance_teams"."id" AND "dup"."n" > 1;--> statement-breakpoint
ALTER TABLE "instance_teams" ALTER COLUMN "name_key" SET NOT NULL;--> statement-breakpoint
DROP INDEX "instance_teams_name_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "instance_teams_name_key_idx" ON "instance_teams" USING btree ("instance_id","name_key");
