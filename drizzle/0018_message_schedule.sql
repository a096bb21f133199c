CREATE TABLE "message_plans" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"planned_version" integer NOT NULL,
	"planned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"first_reminder_days" integer NOT NULL,
	"second_reminder_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_settings_single_row" CHECK ("message_settings"."id" = 1),
	CONSTRAINT "message_settings_days_check" CHECK ("message_settings"."second_reminder_days" >= 1 and "message_settings"."first_reminder_days" > "message_settings"."second_reminder_days" and "message_settings"."first_reminder_days" <= 60)
);
--> statement-breakpoint
CREATE TABLE "scheduled_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"skip_reason" text,
	"skipped_by" integer,
	"mail_id" integer,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_messages_kind_check" CHECK ("scheduled_messages"."kind" in ('game_reminder_first', 'game_reminder_second', 'balance_reminder', 'balance_due_reminder', 'balance_overdue', 'feedback_request')),
	CONSTRAINT "scheduled_messages_status_check" CHECK ("scheduled_messages"."status" in ('scheduled', 'sent', 'skipped')),
	CONSTRAINT "scheduled_messages_skip_reason_check" CHECK ("scheduled_messages"."skip_reason" in ('staff', 'past', 'not_applicable'))
);
--> statement-breakpoint
ALTER TABLE "message_plans" ADD CONSTRAINT "message_plans_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_skipped_by_users_id_fk" FOREIGN KEY ("skipped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_messages_one_waiting_idx" ON "scheduled_messages" USING btree ("booking_id","kind") WHERE "scheduled_messages"."status" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_messages_kind_due_idx" ON "scheduled_messages" USING btree ("booking_id","kind","due_at");--> statement-breakpoint
CREATE INDEX "scheduled_messages_due_idx" ON "scheduled_messages" USING btree ("due_at") WHERE "scheduled_messages"."status" = 'scheduled';