ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_source_check" CHECK ("booking_changes"."source" in ('staff', 'booker', 'system'));--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_currency_check" CHECK ("booking_payments"."currency" in ('GBP', 'USD', 'EUR'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_plan_type_check" CHECK ("bookings"."plan_type" in ('standard', 'pro', 'bespoke'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_currency_check" CHECK ("bookings"."currency" in ('GBP', 'USD', 'EUR'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booking_status_check" CHECK ("bookings"."booking_status" in ('enquiry', 'lead', 'paid', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lead_status_check" CHECK ("bookings"."lead_status" in ('new', 'contacted', 'negotiating', 'lost', 'converted', 'trash'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_currency_check" CHECK ("checkouts"."currency" in ('GBP', 'USD', 'EUR'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_purpose_check" CHECK ("checkouts"."purpose" in ('deposit', 'full', 'balance'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_status_check" CHECK ("checkouts"."status" in ('pending', 'paid', 'refused', 'expired'));--> statement-breakpoint
ALTER TABLE "contact_history" ADD CONSTRAINT "contact_history_type_check" CHECK ("contact_history"."type" in ('note', 'phone', 'email', 'meeting'));--> statement-breakpoint
ALTER TABLE "pricing_history" ADD CONSTRAINT "pricing_history_plan_type_check" CHECK ("pricing_history"."plan_type" in ('standard', 'pro', 'bespoke'));--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_type_check" CHECK ("challenges"."type" in ('Rating', 'Tally', 'RightWrong'));--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_spice_level_check" CHECK ("challenges"."spice_level" in ('Mild', 'Medium', 'Spicy'));--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_type_check" CHECK ("game_events"."type" in ('state', 'teams', 'player', 'position', 'message', 'found', 'items', 'submission'));--> statement-breakpoint
ALTER TABLE "game_instances" ADD CONSTRAINT "game_instances_status_check" CHECK ("game_instances"."status" in ('lobby', 'live', 'ended'));--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_role_check" CHECK ("players"."role" in ('player', 'chicken'));--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_location_check" CHECK ("players"."location" in ('unknown', 'granted', 'denied'));--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_kind_check" CHECK ("submissions"."kind" in ('photo', 'text', 'count'));--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_status_check" CHECK ("submissions"."status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "team_effects" ADD CONSTRAINT "team_effects_kind_check" CHECK ("team_effects"."kind" in ('frozen', 'shielded'));--> statement-breakpoint
ALTER TABLE "team_items" ADD CONSTRAINT "team_items_kind_check" CHECK ("team_items"."kind" in ('egg_strike', 'radar', 'rusty_compass', 'smoke_screen'));--> statement-breakpoint
ALTER TABLE "item_stations" ADD CONSTRAINT "item_stations_kind_check" CHECK ("item_stations"."kind" in ('egg_strike', 'radar', 'rusty_compass', 'smoke_screen'));--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_plan_type_check" CHECK ("proposals"."plan_type" in ('standard', 'pro', 'bespoke'));--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_currency_check" CHECK ("proposals"."currency" in ('GBP', 'USD', 'EUR'));