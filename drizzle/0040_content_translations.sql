CREATE TABLE "item_translations" (
	"item_kind" text NOT NULL,
	"item_type" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_translations_item_kind_item_type_pk" PRIMARY KEY("item_kind","item_type"),
	CONSTRAINT "item_translations_item_kind_check" CHECK ("item_translations"."item_kind" in ('plan', 'addon'))
);
--> statement-breakpoint
CREATE TABLE "game_translations" (
	"game_id" integer PRIMARY KEY NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "game_translations" ADD CONSTRAINT "game_translations_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;