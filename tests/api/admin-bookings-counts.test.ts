import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { bookingCountDeltas, bookingCounts } from '../../src/server/domains/booking/tables/bookings-counts';
import { runMaintenance } from '../../src/server/platform/maintenance';
import { games } from '../../src/server/domains/game/tables/games';
import { bookingMetricsSchema, leadMetricsSchema, listBookingsResponse, LIST_LEAD_STATUSES, LIST_STATUSES } from '../../src/shared/api/admin-bookings';
import {
  attentionCondition,
  countBookings,
  gameDateCondition,
  pipelineCondition,
} from '../../src/server/domains/booking/admin-bookings/admin-bookings-repository';
import { foldKeyCountDeltas, keyCounts, readKeyCounts } from '../../src/server/domains/booking/admin-bookings/booking-counts-repository';

/**
 * The list totals and both metric strips come from counts kept by database triggers
 * (docs/decisions/0150-booking-metrics.md). Each check compares them with count(*) over the rows, using
 * the very SQL conditions the list filters with, after every kind of write the triggers must follow.
 */
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

/** Each list filter with the SQL condition listBookings uses for it. */
function filters(): { query: string; where: SQL | undefined }[] {
  const out: { query: string; where: SQL | undefined }[] = [];
  for (const status of LIST_STATUSES) {
    const where =
      status === 'all'
        ? undefined
        : status === 'need_venues' || status === 'need_hosts' || status === 'unactivated'
          ? attentionCondition(status)
          : eq(bookings.bookingStatus, status);
    out.push({ query: `status=${status}`, where });
  }
  for (const lead of LIST_LEAD_STATUSES) out.push({ query: `view=leads&lead_status=${lead}`, where: pipelineCondition(lead) });
  out.push({ query: 'view=calendar', where: gameDateCondition('0001-01-01', '9999-12-31') });
  return out;
}

async function expectCountsExact(): Promise<void> {
  const db = t.db;
  for (const f of filters()) {
    const res = await admin.get(`/api/admin/bookings?${f.query}`);
    expect(res.statusCode, res.body).toBe(200);
    const total = listBookingsResponse.parse(res.json()).pagination.total;
    expect({ filter: f.query, total }).toEqual({ filter: f.query, total: await countBookings(db, f.where) });
  }
  const metrics = bookingMetricsSchema.parse((await admin.get('/api/admin/bookings/metrics')).json());
  expect(metrics).toEqual({
    total: await countBookings(db, undefined),
    need_venues: await countBookings(db, attentionCondition('need_venues')),
    need_hosts: await countBookings(db, attentionCondition('need_hosts')),
    unactivated: await countBookings(db, attentionCondition('unactivated')),
    // Played games are told from upcoming ones (issue 19): a paid booking is upcoming, a completed one played.
    upcoming: await countBookings(db, eq(bookings.bookingStatus, 'paid')),
    played: await countBookings(db, eq(bookings.bookingStatus, 'completed')),
  });
  const leads = leadMetricsSchema.parse((await admin.get('/api/admin/bookings/leads-metrics')).json());
  const pipeline = async (status: 'new' | 'contacted' | 'negotiating' | 'lost' | 'converted') => countBookings(db, pipelineCondition(status));
  expect(leads).toMatchObject({
    new_leads: await pipeline('new'),
    contacted_leads: await pipeline('contacted'),
    negotiating_leads: await pipeline('negotiating'),
    lost_leads: await pipeline('lost'),
    converted_leads: await pipeline('converted'),
    total_leads: await countBookings(db, pipelineCondition('all')),
  });
}

async function setActivated(bookingId: number, activated: boolean) {
  await t.db.update(games).set({ activated }).where(eq(games.bookingId, bookingId));
}

describe('booking counts kept by triggers', () => {
  it('are exact on an empty database', async () => {
    await expectCountsExact();
  });

  it('follow inserts, updates of every counted field, activations and deletes', async () => {
    const db = t.db;
    const e1 = await createBooking(db);
    await createBooking(db, { bookingStatus: 'lead', leadStatus: 'contacted', utmSource: 'admin', utmMedium: 'manual_created' });
    await createBooking(db, { leadStatus: 'trash' });
    await createBooking(db, { bookingStatus: 'completed', leadStatus: 'converted' });
    const p1 = await createPaidBooking(db, { hosted: true });
    const p2 = await createPaidBooking(db, { meetingPointStatus: 'confirmed', hidingSpotStatus: 'confirmed' });
    const p3 = await createPaidBooking(db, { leadStatus: 'converted' });
    const host = await t.createUser({ role: 'host' });
    await expectCountsExact();

    await setActivated(p1.booking.id, true);
    await setActivated(p2.booking.id, true);
    await db.update(bookings).set({ assignedHostId: host.id }).where(eq(bookings.id, p1.booking.id));
    await db.update(bookings).set({ hidingSpotStatus: 'requested' }).where(eq(bookings.id, p2.booking.id));
    await db.update(bookings).set({ leadStatus: 'negotiating', bookingStatus: 'lead' }).where(eq(bookings.id, e1.id));
    await expectCountsExact();

    // One statement changing many rows, some of them to the key they already had.
    await db
      .update(bookings)
      .set({ leadStatus: 'lost' })
      .where(inArray(bookings.bookingStatus, ['enquiry', 'lead', 'paid']));
    await setActivated(p2.booking.id, false);
    await expectCountsExact();

    // A deleted booking takes its (activated) game with it; a deleted game leaves its booking unactivated.
    await setActivated(p3.booking.id, true);
    await db.delete(bookings).where(eq(bookings.id, p1.booking.id));
    await db.delete(games).where(eq(games.bookingId, p3.booking.id));
    await expectCountsExact();
  });

  it('stay exact when their deltas are folded, and a read folds them past the threshold', async () => {
    const db = t.db;
    for (let i = 0; i < 5; i++) await createBooking(db, { leadStatus: i % 2 ? 'new' : 'lost' });
    const before = await readKeyCounts(db);
    expect(before.deltaRows).toBeGreaterThan(0);
    await keyCounts(db, 1);
    const after = await readKeyCounts(db);
    expect(after.deltaRows).toBe(0);
    expect(after.keys).toEqual(before.keys);
    expect(await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(bookingCountDeltas)).toEqual([{ n: 0 }]);
    await createBooking(db);
    await foldKeyCountDeltas(db);
    await foldKeyCountDeltas(db);
    await expectCountsExact();
  });

  it('stay exact under concurrent writes, folds and activations racing status changes', { tags: ['postgres'] }, async () => {
    const db = t.db;
    const paid = await Promise.all(Array.from({ length: 12 }, (_, i) => createPaidBooking(db, { hosted: i % 2 === 0 })));
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 24; i++) work.push(createBooking(db, { bookingStatus: i % 3 ? 'enquiry' : 'lead', leadStatus: i % 4 ? 'new' : 'converted' }));
    for (const [i, p] of paid.entries()) {
      const id = p.booking.id;
      // Two transactions on the same booking: one changes its key and lingers, the other activates its game.
      work.push(
        db.transaction(async (tx) => {
          await tx.update(bookings).set({ leadStatus: 'converted', meetingPointStatus: 'confirmed' }).where(eq(bookings.id, id));
          await tx.execute(sql`select pg_sleep(${(i % 3) * 0.02})`);
        }),
      );
      work.push(db.update(games).set({ activated: true }).where(eq(games.bookingId, id)));
      if (i % 4 === 0) work.push(foldKeyCountDeltas(db));
    }
    work.push(
      db
        .update(bookings)
        .set({ hidingSpotStatus: 'confirmed' })
        .where(and(eq(bookings.bookingStatus, 'paid'), eq(bookings.hosted, true))),
    );
    await Promise.all(work);
    await expectCountsExact();
  });

  it("are folded by the maintenance run, which runs the features' tasks it is given: the booking count deltas are folded, the counts unchanged", async () => {
    for (let i = 0; i < 3; i++) await createBooking(t.db);
    const pending = async () => Number((await t.db.select({ n: sql<number>`count(*)` }).from(bookingCountDeltas))[0]?.n);
    const counted = async () =>
      Number((await t.db.select({ n: sql<number>`coalesce(sum(${bookingCounts.n}), 0)` }).from(bookingCounts))[0]?.n) +
      Number((await t.db.select({ n: sql<number>`coalesce(sum(${bookingCountDeltas.n}), 0)` }).from(bookingCountDeltas))[0]?.n);
    const total = Number((await t.db.select({ n: sql<number>`count(*)` }).from(bookings))[0]?.n);
    expect(await pending()).toBeGreaterThan(0);
    expect(await counted()).toBe(total);

    await runMaintenance(t.db, [foldKeyCountDeltas]);

    expect(await pending()).toBe(0);
    expect(await counted()).toBe(total);
  });
});
