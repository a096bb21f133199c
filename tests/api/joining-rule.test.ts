import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { games, players } from '../../src/server/domains/game/tables/games';
import { joinRefusal } from '../../src/shared/lifecycle/joining';

/**
 * One joining rule (issue 28; shared/lifecycle/joining.ts), the organiser page's words too: a paid game is open to
 * players whether or not the organiser activated it, until it ends; after the end the join call refuses with the
 * rule's own 409 and stores nothing.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());

async function join(code: string, name: string) {
  const visitor = await t.visitor();
  const res = await visitor.post(`/api/play/${code}/join`, { name, team_name: 'Foxes' });
  return { status: res.statusCode, body: res.json<{ code?: string; message?: string }>() };
}

describe('joining a game', () => {
  it('is open once paid, without activation, and closed with the rule\u2019s message once the game ended', async () => {
    const paid = await createPaidBooking(t.db, { players: 6, ...startableSchedule() });
    const [game] = await t.db.select({ activated: games.activated }).from(games).where(eq(games.id, paid.gameId));
    expect(game?.activated).toBe(false);
    expect((await join(paid.gameCode, 'Ann')).status).toBe(201);

    expect((await admin.post(`/api/admin/bookings/${paid.booking.id}/start-game`)).statusCode).toBe(200);
    expect((await admin.post(`/api/host/games/${paid.gameCode}/end`, {})).statusCode).toBe(200);
    const late = await join(paid.gameCode, 'Bob');
    const rule = joinRefusal({ bookingStatus: 'completed', state: 'ended' });
    expect(late.status).toBe(rule?.status);
    expect(late.body).toMatchObject({ code: rule?.code, message: rule?.message });
    expect(await t.db.select().from(players).where(eq(players.name, 'Bob'))).toHaveLength(0);
  });
});
