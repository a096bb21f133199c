import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceTeams } from '../../src/server/domains/game/tables/games';
import { scoreAdjustments } from '../../src/server/domains/game/tables/scoring';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { ADJUSTMENT_MESSAGES, type Leaderboard, type ScoringInstance } from '../../src/shared/api/scoring';
import { createChallenge, endInstance, liveGameWithTeams, sendSubmission } from '../support/game-fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin', { name: 'Sam Scorer' });
});
afterAll(async () => t.close());

const adjust = (teamId: number, body: unknown) => admin.post(`/api/admin/scoring/teams/${teamId}/adjustments`, body);
const board = async (instanceId: number) => {
  const res = await admin.get(`/api/admin/scoring/instances/${instanceId}`);
  expect(res.statusCode).toBe(200);
  return res.json<Leaderboard>();
};

describe('leaderboard', () => {
  it('ranks the teams by challenge points + chicken points + adjustments, and is final once the game ended', async () => {
    const game = await liveGameWithTeams(t, admin, { teams: ['Foxes', 'Owls', 'Hares'] });
    const [foxes, owls, hares] = game.teams;
    const challengeId = await createChallenge(admin, { type: 'RightWrong', max_score: 20 });
    const sub = await sendSubmission(t, { instanceId: game.instanceId, teamId: owls!.id, challengeId });
    await admin.post(`/api/admin/submissions/${sub.id}/approve`, {});
    await t.db.update(instanceTeams).set({ chickenPoints: 50, foundChickenAt: new Date() }).where(eq(instanceTeams.id, hares!.id));

    const live = await board(game.instanceId);
    expect(live.final).toBe(false);
    expect(live.instance).toMatchObject({ id: game.instanceId, game_code: game.gameCode, status: 'live', teams_count: 3 });
    expect(live.teams.map((x) => [x.name, x.challenge_points, x.chicken_points, x.adjustments, x.total, x.rank])).toEqual([
      ['Hares', 0, 50, 0, 50, 1],
      ['Owls', 20, 0, 0, 20, 2],
      ['Foxes', 0, 0, 0, 0, 3],
    ]);

    await endInstance(t, game.instanceId);
    const ended = await board(game.instanceId);
    expect(ended.final).toBe(true);
    expect(ended.instance.end_time).not.toBeNull();
    expect(foxes).toBeDefined();
  });

  it('lists instances, live ones first, and answers 404 for an unknown one', async () => {
    const game = await liveGameWithTeams(t, admin);
    const list = (await admin.get('/api/admin/scoring/instances')).json<{ instances: ScoringInstance[] }>().instances;
    expect(list.find((i) => i.id === game.instanceId)).toMatchObject({ game_code: game.gameCode, status: 'live', teams_count: 2 });
    const firstEnded = list.findIndex((i) => i.status === 'ended');
    const lastLive = list.map((i) => i.status).lastIndexOf('live');
    if (firstEnded >= 0) expect(lastLive).toBeLessThan(firstEnded);
    expect((await admin.get('/api/admin/scoring/instances/999999')).json()).toEqual({ message: ADJUSTMENT_MESSAGES.instanceNotFound, code: 'not_found' });
  });
});

describe('POST /api/admin/scoring/teams/:teamId/adjustments', () => {
  it('adds and takes points with a reason, kept in its table and the activity log, and moves the board', async () => {
    const game = await liveGameWithTeams(t, admin);
    const [foxes, owls] = game.teams;
    const res = await adjust(foxes!.id, { points: 15, reason: '  Best costume  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ adjustment: { points: 15, reason: 'Best costume', actor_name: 'Sam Scorer' }, team: { id: foxes!.id, total: 15 } });
    expect((await adjust(foxes!.id, { points: -5, reason: 'Crossed a road on red' })).statusCode).toBe(201);
    expect((await adjust(owls!.id, { points: 7, reason: 'Helped a stranger' })).statusCode).toBe(201);

    const after = await board(game.instanceId);
    expect(after.teams.map((x) => [x.name, x.adjustments, x.total])).toEqual([
      ['Foxes', 10, 10],
      ['Owls', 7, 7],
    ]);
    expect(after.adjustments.map((a) => [a.team_id, a.points, a.reason])).toEqual([
      [owls!.id, 7, 'Helped a stranger'],
      [foxes!.id, -5, 'Crossed a road on red'],
      [foxes!.id, 15, 'Best costume'],
    ]);
    // The team's points column (what players see) holds challenge points + adjustments.
    expect((await t.db.select().from(instanceTeams).where(eq(instanceTeams.id, foxes!.id)))[0]?.points).toBe(10);
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'team.score_adjust'), eq(activityLog.entityId, String(foxes!.id))));
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      actorId: admin.userId,
      before: { points: 0 },
      after: expect.objectContaining({ points: 15, adjustment: 15, reason: 'Best costume' }),
    });
  });

  it('refuses no reason, zero, fractions and unknown teams, storing nothing', async () => {
    const game = await liveGameWithTeams(t, admin);
    const team = game.teams[0]!;
    const cases: Array<[unknown, string]> = [
      [{ points: 5, reason: ' ' }, ADJUSTMENT_MESSAGES.reasonRequired],
      [{ points: 5 }, ''],
      [{ points: 0, reason: 'x' }, ADJUSTMENT_MESSAGES.notZero],
      [{ points: 2.5, reason: 'x' }, ADJUSTMENT_MESSAGES.pointsRequired],
      [{ points: '5', reason: 'x' }, ADJUSTMENT_MESSAGES.pointsRequired],
      [{ points: 1_000_000, reason: 'x' }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await adjust(team.id, body);
      expect(res.statusCode).toBe(422);
      if (message) expect(res.json().message).toBe(message);
    }
    expect((await adjust(999_999, { points: 5, reason: 'x' })).json()).toEqual({ message: ADJUSTMENT_MESSAGES.teamNotFound, code: 'not_found' });
    expect(await t.db.select().from(scoreAdjustments).where(eq(scoreAdjustments.teamId, team.id))).toEqual([]);
  });
});
