CREATE TABLE "booking_count_deltas" (
	"booking_status" text NOT NULL,
	"lead_status" text NOT NULL,
	"needs_venue" boolean NOT NULL,
	"needs_host" boolean NOT NULL,
	"activated" boolean NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_counts" (
	"booking_status" text NOT NULL,
	"lead_status" text NOT NULL,
	"needs_venue" boolean NOT NULL,
	"needs_host" boolean NOT NULL,
	"activated" boolean NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "booking_counts_booking_status_lead_status_needs_venue_needs_host_activated_pk" PRIMARY KEY("booking_status","lead_status","needs_venue","needs_host","activated")
);
