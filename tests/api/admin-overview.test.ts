import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createPaidBooking } from '../support/fixtures';
import { teams } from '../../src/server/domains/booking/tables/bookings';
import { gameInstances, instanceTeams, submissions } from '../../src/server/domains/game/tables/games';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());

describe('admin overviews', () => {
  it('lists games with their booking and live state, newest first', async () => {
    const first = await createPaidBooking(t.db, { fullName: 'Games First', city: 'Leeds' });
    const second = await createPaidBooking(t.db, { fullName: 'Games Second', city: 'York' });
    await t.db.insert(gameInstances).values({ gameId: second.gameId, status: 'live' });
    const res = await admin.get('/api/admin/games');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const mine = body.games.filter((g: { booking_id: number }) => [first.booking.id, second.booking.id].includes(g.booking_id));
    expect(mine.map((g: { code: string; booking_name: string; city: string; status: string }) => [g.code, g.booking_name, g.city, g.status])).toEqual([
      [second.gameCode, 'Games Second', 'York', 'live'],
      [first.gameCode, 'Games First', 'Leeds', 'not_started'],
    ]);
    expect(body.pagination).toMatchObject({ current_page: 1, per_page: 20 });

    const live = (await admin.get('/api/admin/games?status=live&search=games%20sec')).json();
    expect(live.games.map((g: { code: string }) => g.code)).toEqual([second.gameCode]);
    const notStarted = (await admin.get(`/api/admin/games?status=not_started&search=${first.gameCode}`)).json();
    expect(notStarted.games.map((g: { code: string }) => g.code)).toEqual([first.gameCode]);
    expect((await admin.get(`/api/admin/games?status=live&search=${first.gameCode}`)).json().games).toEqual([]);
  });

  it('lists teams and submissions with their game and challenge', async () => {
    const paid = await createPaidBooking(t.db, { fullName: 'Team Owner' });
    await t.db.insert(teams).values({ bookingId: paid.booking.id, name: 'The Egg Heads', players: 'Ann, Bo' });
    const [instance] = await t.db.insert(gameInstances).values({ gameId: paid.gameId }).returning();
    const [team] = await t.db.insert(instanceTeams).values({ instanceId: instance!.id, name: 'The Egg Heads', nameKey: 'the egg heads', points: 10 }).returning();
    const [challenge] = await t.db.select().from(challenges).limit(1);
    await t.db.insert(submissions).values({ instanceId: instance!.id, teamId: team!.id, challengeId: challenge!.id, status: 'approved', pointsAwarded: 10 });

    const teamList = (await admin.get('/api/admin/teams')).json();
    expect(teamList.teams[0]).toMatchObject({ name: 'The Egg Heads', game_code: paid.gameCode, status: 'lobby', points: 10, players_count: 0, booking_name: 'Team Owner' });
    expect((await admin.get('/api/admin/teams?search=egg%20heads&status=lobby')).json().teams).toHaveLength(1);
    expect((await admin.get('/api/admin/teams?search=egg%20heads&status=live')).json().teams).toHaveLength(0);
    const subs = (await admin.get('/api/admin/submissions')).json();
    expect(subs.submissions[0]).toMatchObject({
      game_code: paid.gameCode,
      team: { name: 'The Egg Heads' },
      challenge: { name: challenge!.name },
      status: 'approved',
      points_awarded: 10,
    });
  });

  it('refuses a page number that is not a positive whole number', async () => {
    const res = await admin.get('/api/admin/games?page=0');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.page).toBeDefined();
  });
});
