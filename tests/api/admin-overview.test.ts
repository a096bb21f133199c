import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createPaidBooking } from '../support/fixtures';
import { teams } from '../../src/server/domains/booking/tables/bookings';
import { gameInstances, instanceTeams, submissions } from '../../src/server/domains/game/tables/games';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { scoreAdjustments } from '../../src/server/domains/game/tables/scoring';

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
    const [team] = await t.db
      .insert(instanceTeams)
      .values({ instanceId: instance!.id, name: 'The Egg Heads', nameKey: 'the egg heads', points: 10 })
      .returning();
    const [challenge] = await t.db.select().from(challenges).limit(1);
    await t.db.insert(submissions).values({ instanceId: instance!.id, teamId: team!.id, challengeId: challenge!.id, status: 'approved', pointsAwarded: 10 });

    const teamList = (await admin.get('/api/admin/teams')).json();
    expect(teamList.teams[0]).toMatchObject({
      name: 'The Egg Heads',
      game_code: paid.gameCode,
      status: 'lobby',
      rank: 1,
      total: 10,
      challenge_points: 10,
      chicken_points: 0,
      adjustments: 0,
      players_count: 0,
      booking_name: 'Team Owner',
    });
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

  it('lists teams with the one total and rank, each game best first, the same on every page and search (issue 28)', async () => {
    const older = await createPaidBooking(t.db, { fullName: 'Ranked Older' });
    const newer = await createPaidBooking(t.db, { fullName: 'Ranked Newer' });
    const [challenge] = await t.db.select().from(challenges).limit(1);
    const game = async (gameId: number, rows: { name: string; challenge: number; chicken?: number; adjust?: number }[]) => {
      const [instance] = await t.db.insert(gameInstances).values({ gameId, status: 'ended' }).returning();
      for (const r of rows) {
        const [team] = await t.db
          .insert(instanceTeams)
          .values({
            instanceId: instance!.id,
            name: r.name,
            nameKey: r.name.toLowerCase(),
            chickenPoints: r.chicken ?? 0,
            foundChickenAt: r.chicken ? new Date() : null,
          })
          .returning();
        await t.db
          .insert(submissions)
          .values({ instanceId: instance!.id, teamId: team!.id, challengeId: challenge!.id, status: 'approved', pointsAwarded: r.challenge });
        if (r.adjust) await t.db.insert(scoreAdjustments).values({ teamId: team!.id, points: r.adjust, reason: 'Bonus' });
      }
    };
    // The Foxes joined first and found the Chicken: 37 + 50 = 87, ahead of the Owls' 60 (joined last).
    await game(older.gameId, [
      { name: 'Red Foxes', challenge: 37, chicken: 50 },
      { name: 'Owls', challenge: 60 },
    ]);
    await game(newer.gameId, [
      { name: 'Hens', challenge: 5 },
      { name: 'Ducks', challenge: 10, adjust: 5 },
    ]);
    type Row = { name: string; rank: number; total: number; challenge_points: number; chicken_points: number; adjustments: number };
    const list = async (query: string) => (await admin.get(`/api/admin/teams?${query}`)).json<{ teams: Row[]; pagination: { total: number } }>();
    const mine = (rows: Row[]) => rows.filter((r) => ['Red Foxes', 'Owls', 'Hens', 'Ducks'].includes(r.name)).map((r) => [r.name, r.rank, r.total]);

    const all = await list('search=ranked');
    expect(all.pagination.total).toBe(4);
    expect(mine(all.teams)).toEqual([
      ['Ducks', 1, 15],
      ['Hens', 2, 5],
      ['Red Foxes', 1, 87],
      ['Owls', 2, 60],
    ]);
    expect(all.teams.find((r) => r.name === 'Red Foxes')).toMatchObject({ challenge_points: 37, chicken_points: 50, adjustments: 0 });
    expect(all.teams.find((r) => r.name === 'Ducks')).toMatchObject({ challenge_points: 10, adjustments: 5 });
    // Pages split a game without reordering it.
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(...mine((await list(`search=ranked&per_page=3&page=${page}`)).teams));
    expect(pages).toEqual(mine(all.teams));
    // A search keeps each team's rank in its whole game.
    expect(mine((await list('search=owls')).teams)).toEqual([['Owls', 2, 60]]);
  });

  it('refuses a page number that is not a positive whole number', async () => {
    const res = await admin.get('/api/admin/games?page=0');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.page).toBeDefined();
  });
});
