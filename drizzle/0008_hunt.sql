CREATE TABLE "instance_chickens" (
	"instance_id" integer PRIMARY KEY NOT NULL,
	"found_code" text NOT NULL,
	"hiding_lat" double precision,
	"hiding_lng" double precision,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_effects" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"kind" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"by_team_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"kind" text NOT NULL,
	"station_id" integer,
	"picked_by" integer,
	"picked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer,
	"target_team_id" integer,
	"result" jsonb
);
--> statement-breakpoint
ALTER TABLE "instance_chickens" ADD CONSTRAINT "instance_chickens_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_effects" ADD CONSTRAINT "team_effects_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_effects" ADD CONSTRAINT "team_effects_team_id_instance_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."instance_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_effects" ADD CONSTRAINT "team_effects_by_team_id_instance_teams_id_fk" FOREIGN KEY ("by_team_id") REFERENCES "public"."instance_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_items" ADD CONSTRAINT "team_items_instance_id_game_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."game_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_items" ADD CONSTRAINT "team_items_team_id_instance_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."instance_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_items" ADD CONSTRAINT "team_items_station_id_item_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."item_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_items" ADD CONSTRAINT "team_items_picked_by_players_id_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_items" ADD CONSTRAINT "team_items_used_by_players_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_items" ADD CONSTRAINT "team_items_target_team_id_instance_teams_id_fk" FOREIGN KEY ("target_team_id") REFERENCES "public"."instance_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_effects_instance_idx" ON "team_effects" USING btree ("instance_id","until");--> statement-breakpoint
CREATE INDEX "team_items_team_idx" ON "team_items" USING btree ("team_id","picked_at");--> statement-breakpoint
CREATE INDEX "team_items_station_idx" ON "team_items" USING btree ("station_id","team_id");