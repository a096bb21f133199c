import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { createBooking, createPaidBooking } from '../../../../tests/support/fixtures';
import type { DbOrTx } from '../../platform/db/client';
import { bookings, contactHistory, pricingHistory, teams } from './tables/bookings';
import { bookingPayments } from '../commerce/tables/ledger';
import { gameChallenges, gameInstances, games } from '../game/tables/games';
import { itemStations } from '../game/tables/items';
import { users } from '../identity/tables/users';
import { loadBookingAggregate, type BookingAggregate } from './booking-record';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The record as plain selects give it, one per part (how it was loaded before it became one statement). */
async function referenceAggregate(db: DbOrTx, id: number): Promise<BookingAggregate | undefined> {
  const booking = (await db.select().from(bookings).where(eq(bookings.id, id)))[0];
  if (!booking) return undefined;
  const gameRow = (await db.select().from(games).where(eq(games.bookingId, id)))[0];
  const host = booking.assignedHostId
    ? (await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, booking.assignedHostId)))[0]
    : undefined;
  let game: BookingAggregate['game'] = null;
  if (gameRow) {
    const added = await db
      .select({ id: gameChallenges.challengeId })
      .from(gameChallenges)
      .where(eq(gameChallenges.gameId, gameRow.id))
      .orderBy(asc(gameChallenges.position));
    // Started means live or ended: a lobby is not a start (decision 0220).
    const live = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(gameInstances)
      .where(and(inArray(gameInstances.gameId, [gameRow.id]), inArray(gameInstances.status, ['live', 'ended'])));
    const [latest] = await db.select().from(gameInstances).where(eq(gameInstances.gameId, gameRow.id)).orderBy(desc(gameInstances.id)).limit(1);
    // The record carries the game's columns its answers show, not its creation time, nor the briefing texts (their
    // own endpoints read them, issue 29).
    const { createdAt: _createdAt, stationsEdited: _stationsEdited, briefing: _briefing, finishMessage: _finishMessage, ...columns } = gameRow;
    const stations = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(itemStations)
      .where(eq(itemStations.gameId, gameRow.id));
    game = {
      ...columns,
      addedChallenges: added.map((a) => a.id),
      hasLiveInstance: (live[0]?.n ?? 0) > 0,
      stationsCount: stations[0]?.n ?? 0,
      latestInstance: latest ? { status: latest.status, endTime: latest.endTime, endsAt: latest.endsAt } : null,
    };
  }
  return {
    booking,
    game,
    host: host ?? null,
    teams: await db.select().from(teams).where(eq(teams.bookingId, id)).orderBy(asc(teams.id)),
    payments: await db
      .select({ row: bookingPayments, recorderName: users.name })
      .from(bookingPayments)
      .leftJoin(users, eq(users.id, bookingPayments.recordedBy))
      .where(eq(bookingPayments.bookingId, id))
      .orderBy(asc(bookingPayments.createdAt), asc(bookingPayments.id)),
    contacts: await db
      .select({ row: contactHistory, authorName: users.name })
      .from(contactHistory)
      .leftJoin(users, eq(users.id, contactHistory.authorId))
      .where(eq(contactHistory.bookingId, id))
      .orderBy(desc(contactHistory.createdAt), desc(contactHistory.id)),
    pricing: await db.select().from(pricingHistory).where(eq(pricingHistory.bookingId, id)).orderBy(asc(pricingHistory.createdAt), asc(pricingHistory.id)),
  };
}

/** A paid booking with a host, a game with reordered challenges and a live instance, and every history. */
async function fullBooking() {
  const host = await t.createUser({ role: 'host', name: 'Hana Host' });
  const author = await t.createUser({ role: 'admin', name: 'Ada Admin' });
  const { booking, gameId, gameCode } = await createPaidBooking(t.db, { assignedHostId: host.id, addOns: ['hosted'] });
  const sameMoment = new Date('2030-01-02T03:04:05.678Z');
  await t.db
    .update(gameChallenges)
    .set({ position: sql`100 - ${gameChallenges.position}` })
    .where(eq(gameChallenges.gameId, gameId));
  await t.db.insert(gameInstances).values({ gameId, status: 'live', latestArea: { lat: 1, lng: 2, radius: 3 } });
  await t.db.insert(teams).values([
    { bookingId: booking.id, name: 'Foxes', players: 'Ann, Bob' },
    { bookingId: booking.id, name: 'Hens ✓ "quoted"', players: '' },
  ]);
  await t.db.insert(bookingPayments).values({ bookingId: booking.id, paymentType: 'cash', paymentAmount: 1_005, recordedBy: author.id, createdAt: sameMoment });
  await t.db.insert(contactHistory).values([
    { bookingId: booking.id, type: 'phone', note: 'first', authorId: author.id, createdAt: sameMoment },
    { bookingId: booking.id, type: 'email', note: 'second, same moment', authorId: null, createdAt: sameMoment },
    { bookingId: booking.id, type: 'note', note: 'now' },
  ]);
  await t.db.insert(pricingHistory).values([
    {
      bookingId: booking.id,
      planType: 'pro',
      pricePerPersonMinor: 1250,
      addOns: ['hosted', { type: 'photos', extra: { n: 1 } }],
      players: 7,
      totalPriceMinor: 8750,
    },
    { bookingId: booking.id, planType: 'standard', pricePerPersonMinor: 1500, addOns: [], players: 8, totalPriceMinor: 12_000, createdAt: sameMoment },
  ]);
  return { id: booking.id, tempCode: booking.tempCode, gameCode };
}

describe('loadBookingAggregate', () => {
  it('gives what one select per part gives, for a booking with every part', async () => {
    const b = await fullBooking();
    const expected = await referenceAggregate(t.db, b.id);
    // Three notes of the test and the one the first payment writes as it converts the lead.
    expect(expected?.contacts).toHaveLength(4);
    expect(expected?.game?.hasLiveInstance).toBe(true);
    expect(await loadBookingAggregate(t.db, { id: b.id })).toStrictEqual(expected);
  });

  it('gives what one select per part gives, for a bare enquiry (no game, host or history)', async () => {
    const booking = await createBooking(t.db);
    const expected = await referenceAggregate(t.db, booking.id);
    expect(expected?.game).toBeNull();
    expect(await loadBookingAggregate(t.db, { id: booking.id })).toStrictEqual(expected);
  });

  it('finds the same booking by id, temporary code, game code, or either code', async () => {
    const b = await fullBooking();
    const expected = await referenceAggregate(t.db, b.id);
    for (const lookup of [{ tempCode: b.tempCode }, { gameCode: b.gameCode }, { code: b.tempCode }, { code: b.gameCode }]) {
      expect(await loadBookingAggregate(t.db, lookup)).toStrictEqual(expected);
    }
  });

  it('finds nothing for an unknown id or code, or a code of the other kind', async () => {
    const b = await fullBooking();
    expect(await loadBookingAggregate(t.db, { id: 2_000_000_000 })).toBeUndefined();
    expect(await loadBookingAggregate(t.db, { code: 'NOSUCHCODE00' })).toBeUndefined();
    expect(await loadBookingAggregate(t.db, { tempCode: b.gameCode })).toBeUndefined();
    expect(await loadBookingAggregate(t.db, { gameCode: b.tempCode })).toBeUndefined();
  });

  it('inside a transaction, reads through the transaction: its own uncommitted rows are there', async () => {
    const booking = await createBooking(t.db);
    await loadBookingAggregate(t.db, { id: booking.id }); // the database handle's statement exists already
    const seen = await t.db.transaction(async (tx) => {
      await tx.insert(teams).values({ bookingId: booking.id, name: 'Owls', players: 'Cy' });
      return (await loadBookingAggregate(tx, { id: booking.id }))?.teams.map((team) => team.name);
    });
    expect(seen).toEqual(['Owls']);
  });
});
