import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { ensureGame } from '../../src/server/domains/game/records';
import { games } from '../../src/server/domains/game/tables/games';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("a booking's game is created once, with an unused code", { tags: ['postgres'] }, () => {
  it('tries the next code when one is taken, in the same transaction, and keeps what that transaction wrote', async () => {
    const taken = await createPaidBooking(t.db);
    const booking = await createBooking(t.db);
    const codes = [taken.gameCode, 'FRESHCODE1'];
    const made = await t.db.transaction(async (tx) => {
      const game = await ensureGame(tx, booking.id, {}, () => codes.shift() ?? 'FRESHCODE2');
      // The transaction goes on after the clash: a later write in it lands.
      await tx.update(games).set({ activated: true }).where(eq(games.id, game.gameId));
      return game;
    });
    expect(made).toMatchObject({ gameCode: 'FRESHCODE1', createdGame: true });
    const [row] = await t.db.select().from(games).where(eq(games.bookingId, booking.id));
    expect(row).toMatchObject({ code: 'FRESHCODE1', activated: true });
  });

  it('answers the existing game the second time', async () => {
    const paid = await createPaidBooking(t.db);
    const again = await t.db.transaction((tx) => ensureGame(tx, paid.booking.id, {}, () => 'NEVERUSED1'));
    expect(again).toEqual({ gameId: paid.gameId, gameCode: paid.gameCode, createdGame: false });
  });
});
