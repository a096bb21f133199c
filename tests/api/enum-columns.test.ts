import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPaidBooking } from '../support/fixtures';

/**
 * Enum-like text columns are held to their shared lists by CHECK constraints (src/server/platform/db/one-of-check.ts):
 * a value outside the list is refused by the database, whatever code writes it, instead of being read back later
 * as a silent default (an unknown item kind used to show as a Radar).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function refused(statement: ReturnType<typeof sql>): Promise<string> {
  const error = await t.db.execute(statement).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the database took a value outside the list').not.toBeNull();
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  return `${String(error)} ${cause}`;
}

describe('enum-like columns', () => {
  it('refuses a booking status, lead status, plan or currency outside the shared lists, and keeps the row as it was', async () => {
    const { booking } = await createPaidBooking(t.db);
    for (const [column, value] of [
      ['booking_status', 'archived'],
      ['lead_status', 'maybe'],
      ['plan_type', 'gold'],
      ['currency', 'JPY'],
    ] as const) {
      expect(await refused(sql`update bookings set ${sql.identifier(column)} = ${value} where id = ${booking.id}`)).toMatch(/check constraint/);
    }
    const [row] = await t.db
      .select({ bookingStatus: bookings.bookingStatus, leadStatus: bookings.leadStatus, planType: bookings.planType, currency: bookings.currency })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(row).toEqual({ bookingStatus: 'paid', leadStatus: 'converted', planType: 'standard', currency: 'GBP' });
  });

  it('refuses an unknown challenge type, spice level, item kind ', async () => {
    expect(await refused(sql`update challenges set type = 'Quiz' where id = (select min(id) from challenges)`)).toMatch(/challenges_type_check/);
    expect(await refused(sql`update challenges set spice_level = 'Hot' where id = (select min(id) from challenges)`)).toMatch(/challenges_spice_level_check/);
    const { gameId } = await createPaidBooking(t.db, { planType: 'pro' });
    expect(await refused(sql`insert into item_stations (game_id, kind, lat, lng) values (${gameId}, 'jetpack', 51.5, -0.1)`)).toMatch(
      /item_stations_kind_check/,
    );
  });
});
