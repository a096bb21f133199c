-- Money in whole minor units (decision 0500): every numeric(12,2) amount becomes an integer of pence/cents, exactly
-- (numeric * 100 is exact, and two decimals leave nothing to round). New columns are filled from the old, then the
-- old are dropped, so the code's renamed fields (…Minor) can never read pounds as pence.
ALTER TABLE "proposals" DROP CONSTRAINT "proposals_total_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_per_person_minor" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "add_ons_total_minor" integer DEFAULT 0;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_total_minor" integer DEFAULT 0;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "total_price_minor" integer;--> statement-breakpoint
UPDATE "bookings" SET "price_per_person_minor" = round("price_per_person" * 100)::integer, "add_ons_total_minor" = round("add_ons_total" * 100)::integer, "discount_total_minor" = round("discount_total" * 100)::integer, "total_price_minor" = round("total_price" * 100)::integer;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "price_per_person_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "add_ons_total_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "discount_total_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "total_price_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_history" ADD COLUMN "price_per_person_minor" integer;--> statement-breakpoint
ALTER TABLE "pricing_history" ADD COLUMN "discount_total_minor" integer DEFAULT 0;--> statement-breakpoint
ALTER TABLE "pricing_history" ADD COLUMN "total_price_minor" integer;--> statement-breakpoint
UPDATE "pricing_history" SET "price_per_person_minor" = round("price_per_person" * 100)::integer, "discount_total_minor" = round("discount_total" * 100)::integer, "total_price_minor" = round("total_price" * 100)::integer;--> statement-breakpoint
ALTER TABLE "pricing_history" ALTER COLUMN "price_per_person_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_history" ALTER COLUMN "discount_total_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_history" ALTER COLUMN "total_price_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "price_list" ADD COLUMN "price_minor" integer;--> statement-breakpoint
ALTER TABLE "price_list" ADD COLUMN "sale_price_minor" integer;--> statement-breakpoint
UPDATE "price_list" SET "price_minor" = round("price" * 100)::integer, "sale_price_minor" = round("sale_price" * 100)::integer;--> statement-breakpoint
ALTER TABLE "price_list" ALTER COLUMN "price_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "price_per_person_minor" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "add_ons_total_minor" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "lines_total_minor" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "total_price_minor" integer;--> statement-breakpoint
UPDATE "proposals" SET "price_per_person_minor" = round("price_per_person" * 100)::integer, "add_ons_total_minor" = round("add_ons_total" * 100)::integer, "lines_total_minor" = round("lines_total" * 100)::integer, "total_price_minor" = round("total_price" * 100)::integer;--> statement-breakpoint
-- A quote's custom lines ({label, amount} in currency units) become {label, amountMinor}, in their order.
UPDATE "proposals" SET "lines" = coalesce((SELECT jsonb_agg(jsonb_build_object('label', e.l -> 'label', 'amountMinor', round((e.l ->> 'amount')::numeric * 100)::integer) ORDER BY e.ord) FROM jsonb_array_elements("proposals"."lines") WITH ORDINALITY AS e(l, ord)), '[]'::jsonb);--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "price_per_person_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "add_ons_total_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "lines_total_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "total_price_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "price_per_person";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "add_ons_total";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "discount_total";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "total_price";--> statement-breakpoint
ALTER TABLE "pricing_history" DROP COLUMN "price_per_person";--> statement-breakpoint
ALTER TABLE "pricing_history" DROP COLUMN "discount_total";--> statement-breakpoint
ALTER TABLE "pricing_history" DROP COLUMN "total_price";--> statement-breakpoint
ALTER TABLE "price_list" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "price_list" DROP COLUMN "sale_price";--> statement-breakpoint
ALTER TABLE "proposals" DROP COLUMN "price_per_person";--> statement-breakpoint
ALTER TABLE "proposals" DROP COLUMN "add_ons_total";--> statement-breakpoint
ALTER TABLE "proposals" DROP COLUMN "lines_total";--> statement-breakpoint
ALTER TABLE "proposals" DROP COLUMN "total_price";--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_total_check" CHECK ("proposals"."total_price_minor" >= 0);
