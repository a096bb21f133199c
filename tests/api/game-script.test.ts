import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameEvents, gameInstances, gameMessages, submissions } from '../../src/server/domains/game/tables/games';
import { gameScriptSteps } from '../../src/server/domains/game/tables/script';
import { itemStations } from '../../src/server/domains/game/tables/items';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { runDueScriptSteps } from '../../src/server/domains/game';
import { shrinkDueAreas } from '../../src/server/domains/game/game-area';
import { openDatabase, type Db } from '../../src/server/platform/db/client';
import { MANAGE_KEY_HEADER } from '../../src/shared/api/public-booking';
import { DEFAULT_SCRIPT_TEMPLATE, SCRIPT_MESSAGES } from '../../src/shared/game/script';
import type { ScriptResponse } from '../../src/shared/api/script';
import type { PlayChallengesResponse } from '../../src/shared/api/play-challenges';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { playedGame, type Joined } from '../support/hunt-fixtures';

let t: TestApp;
let admin: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());
// The runner serves every live game: each test's game ends with it, so its steps never count in the next test.
afterEach(async () => {
  await t.db.update(gameInstances).set({ status: 'ended', endTime: new Date() }).where(eq(gameInstances.status, 'live'));
});

const MINUTE = 60_000;
type Game = Awaited<ReturnType<typeof playedGame>>;

/** The booker's plan, saved with the management key before the game (the template's steps are replaced). */
const planAs = (steps: unknown[]) => async (g: { gameCode: string; manageKey: string }) => {
  const visitor = await t.visitor();
  const res = await visitor.inject({
    method: 'PUT',
    url: `/api/booking/${g.gameCode}/script`,
    payload: { steps },
    headers: { [MANAGE_KEY_HEADER]: g.manageKey },
  });
  if (res.statusCode !== 200) throw new Error(`script refused: ${res.statusCode} ${res.body}`);
};

async function instanceOf(g: Game) {
  const [row] = await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, g.gameId));
  if (!row) throw new Error('no instance');
  return row;
}
const stepsOf = (g: Game) => t.db.select().from(gameScriptSteps).where(eq(gameScriptSteps.gameId, g.gameId)).orderBy(gameScriptSteps.id);
const messagesOf = async (g: Game) =>
  t.db
    .select()
    .from(gameMessages)
    .where(eq(gameMessages.instanceId, (await instanceOf(g)).id));
const listOf = async (g: Game, who: Joined) =>
  (await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/challenges`, headers: who.headers })).json<PlayChallengesResponse>();

/**
 * A second server process: on PostgreSQL its own pool on the same database (runs really race); on the embedded
 * database the same one (it has one connection: the two runs take turns, as they would through the row locks).
 */
async function secondProcess(): Promise<{ db: Db; close: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { db: t.db, close: async () => undefined };
  const answer = z.object({ rows: z.array(z.object({ name: z.string() })) }).parse(await t.db.execute(sql`select current_database() as name`));
  const [row] = answer.rows;
  const url = new URL(serverUrl);
  url.pathname = `/${row?.name ?? ''}`;
  const other = await openDatabase({ url: url.toString(), poolSize: 4 });
  return { db: other.db, close: () => other.close() };
}

describe('the booker plans the script before the game', () => {
  it('takes the template with the default challenges, replaces it with a plan of its own, and refuses once started', async () => {
    const g = await playedGame(t, admin, {
      beforeStart: async ({ gameCode, manageKey }) => {
        const visitor = await t.visitor();
        const read = await visitor.inject({ method: 'GET', url: `/api/booking/${gameCode}/script`, headers: { [MANAGE_KEY_HEADER]: manageKey } });
        expect(read.statusCode).toBe(200);
        const script = read.json<ScriptResponse>();
        expect(script.game_status).toBe('lobby');
        // The shipped template, every step of it (the default challenges are the game's).
        expect(script.steps).toHaveLength(DEFAULT_SCRIPT_TEMPLATE.length);
        expect(script.steps.map((s) => s.action)).toEqual(
          [...DEFAULT_SCRIPT_TEMPLATE]
            .sort((a, b) => Number(a.anchor === 'end') - Number(b.anchor === 'end') || a.offset_minutes - b.offset_minutes)
            .map((s) => s.action),
        );
        expect(script.steps.every((s) => s.planned_by === 'template')).toBe(true);
        // Without the key: refused, nothing changed.
        const stranger = await visitor.inject({ method: 'PUT', url: `/api/booking/${gameCode}/script`, payload: { steps: [] } });
        expect(stranger.statusCode).toBe(403);
        // A step lacking what its action needs: 422 on its field.
        const bad = await visitor.inject({
          method: 'PUT',
          url: `/api/booking/${gameCode}/script`,
          payload: { steps: [{ anchor: 'start', offset_minutes: 5, action: 'message' }] },
          headers: { [MANAGE_KEY_HEADER]: manageKey },
        });
        expect(bad.statusCode).toBe(422);
        expect(bad.json().errors['steps.0.text']).toEqual([SCRIPT_MESSAGES.textRequired]);
        const [foreign] = await t.db
          .insert(challenges)
          .values({ name: 'Not in this game', description: 'x', type: 'RightWrong', maxScore: 10, isActive: true, isDefault: false })
          .returning();
        const notHere = await visitor.inject({
          method: 'PUT',
          url: `/api/booking/${gameCode}/script`,
          payload: { steps: [{ anchor: 'start', offset_minutes: 5, action: 'open_challenge', challenge_id: foreign?.id }] },
          headers: { [MANAGE_KEY_HEADER]: manageKey },
        });
        expect(notHere.json().errors['steps.0.challenge_id']).toEqual([SCRIPT_MESSAGES.challengeNotInGame]);
        await planAs([{ anchor: 'start', offset_minutes: 10, action: 'message', text: 'Ten minutes in' }])({ gameCode, manageKey });
      },
    });
    const steps = await stepsOf(g);
    expect(steps.map((s) => [s.action, s.text, s.plannedBy])).toEqual([['message', 'Ten minutes in', 'booker']]);
    const late = await (
      await t.visitor()
    ).inject({ method: 'PUT', url: `/api/booking/${g.gameCode}/script`, payload: { steps: [] }, headers: { [MANAGE_KEY_HEADER]: g.booking.manageKey } });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SCRIPT_MESSAGES.gameStarted);
  });
});

describe('the script runs', () => {
  it('sends a message and opens a challenge on time, once, whichever of two processes ticks', { tags: ['postgres'] }, async () => {
    let opened = 0;
    const g = await playedGame(t, admin, {
      beforeStart: async (game) => {
        const [first] = await t.db
          .select()
          .from(challenges)
          .where(and(eq(challenges.isDefault, true), eq(challenges.isActive, true)))
          .orderBy(challenges.id)
          .limit(1);
        opened = first?.id ?? 0;
        await planAs([
          { anchor: 'start', offset_minutes: 30, action: 'message', text: 'Half an hour in: a new challenge is open' },
          { anchor: 'start', offset_minutes: 30, action: 'open_challenge', challenge_id: opened },
          { anchor: 'end', offset_minutes: 15, action: 'message', text: 'A quarter of an hour left' },
        ])(game);
      },
    });
    const [fox] = g.members;
    if (!fox) throw new Error('no player');
    // The game went live 30 minutes ago (set in the row: tests move time, never sleep).
    const live = await instanceOf(g);
    const start = Date.now() - 30 * MINUTE - 1000;
    const end = start + ((live.endsAt?.getTime() ?? 0) - live.startTime.getTime());
    await t.db
      .update(gameInstances)
      .set({ startTime: new Date(start), endsAt: new Date(end) })
      .where(eq(gameInstances.id, live.id));
    const instance = await instanceOf(g);

    // Before its time the challenge is closed: not listed, an answer to it refused.
    expect((await listOf(g, fox)).challenges.map((c) => c.id)).not.toContain(opened);
    const early = await g.visitor.post(`/api/play/${g.gameCode}/submissions`, { challenge_id: opened, kind: 'text', text: 'too soon' }, fox.headers);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SCRIPT_MESSAGES.challengeClosed);
    expect(await runDueScriptSteps(t.db, new Date(start + 29 * MINUTE))).toBe(0);

    // Two processes tick at the same moment: each step runs once.
    const other = await secondProcess();
    try {
      const at = new Date();
      const ran = await Promise.all([runDueScriptSteps(t.db, at), runDueScriptSteps(other.db, at), runDueScriptSteps(t.db, at)]);
      expect(ran.reduce((a, b) => a + b, 0)).toBe(2);
    } finally {
      await other.close();
    }
    expect((await messagesOf(g)).map((m) => m.text)).toEqual(['Half an hour in: a new challenge is open']);
    expect((await listOf(g, fox)).challenges.map((c) => c.id)).toContain(opened);
    // The phones heard both: the message, then the challenge list with the new one.
    const events = await t.db.select().from(gameEvents).where(eq(gameEvents.instanceId, instance.id)).orderBy(gameEvents.id);
    expect(events.filter((e) => e.type === 'message')).toHaveLength(1);
    const lists = events.filter((e) => e.type === 'challenges');
    expect(JSON.stringify(lists[lists.length - 1]?.payload)).toContain(`"id":${opened}`);

    // After a restart (a new process, nothing in memory): what ran stays ran, what is due runs.
    const restarted = await secondProcess();
    try {
      expect(await runDueScriptSteps(restarted.db, new Date(end - 15 * MINUTE - 1000))).toBe(0);
      expect(await runDueScriptSteps(restarted.db, new Date(end - 15 * MINUTE))).toBe(1);
      expect(await runDueScriptSteps(restarted.db, new Date(end - 14 * MINUTE))).toBe(0);
    } finally {
      await restarted.close();
    }
    expect((await messagesOf(g)).map((m) => m.text)).toEqual(['Half an hour in: a new challenge is open', 'A quarter of an hour left']);
    const steps = await stepsOf(g);
    expect(steps.every((s) => s.ranAt !== null && s.outcome === 'done')).toBe(true);
  });

  it('moves with a pause: ended by hand and resumed 10 minutes later, a step at 30 minutes runs 10 minutes late', async () => {
    const g = await playedGame(t, admin, {
      beforeStart: planAs([
        { anchor: 'start', offset_minutes: 30, action: 'message', text: 'Thirty minutes of play' },
        { anchor: 'end', offset_minutes: 10, action: 'message', text: 'Ten minutes left' },
      ]),
    });
    const live = await instanceOf(g);
    // The game went live 20 minutes ago, then stood ended for the last 10 (set in the rows: tests move time, never sleep).
    const now = Date.now();
    const start = new Date(now - 30 * MINUTE);
    const endsAt = new Date(start.getTime() + ((live.endsAt?.getTime() ?? 0) - live.startTime.getTime()));
    await t.db.update(gameInstances).set({ startTime: start, endsAt }).where(eq(gameInstances.id, live.id));
    const ended = await admin.post(`/api/host/games/${g.gameCode}/end`);
    expect(ended.statusCode).toBe(200);
    await t.db
      .update(gameInstances)
      .set({ endTime: new Date(now - 10 * MINUTE) })
      .where(eq(gameInstances.id, live.id));
    // While it stands ended nothing runs, even past the step's wall time.
    expect(await runDueScriptSteps(t.db, new Date(now))).toBe(0);
    const resumed = await admin.post(`/api/host/games/${g.gameCode}/resume`);
    expect(resumed.statusCode).toBe(200);
    const after = await instanceOf(g);
    expect(after.pausedMs).toBeGreaterThanOrEqual(10 * MINUTE);
    expect(after.pausedMs).toBeLessThan(10 * MINUTE + 5000);

    // 20 minutes of play so far: the 30-minute step is due 10 minutes from now, not now.
    const script = (await admin.get(`/api/host/games/${g.gameCode}/script`)).json<ScriptResponse>();
    const thirty = script.steps.find((s) => s.text === 'Thirty minutes of play');
    const dueAt = Date.parse(thirty?.due_at ?? '');
    expect(dueAt).toBe(start.getTime() + after.pausedMs + 30 * MINUTE);
    expect(await runDueScriptSteps(t.db, new Date(dueAt - 1000))).toBe(0);
    expect(await runDueScriptSteps(t.db, new Date(dueAt))).toBe(1);
    // "Ten minutes before the end" follows the moved end.
    const tenLeft = (after.endsAt?.getTime() ?? 0) - 10 * MINUTE;
    expect(await runDueScriptSteps(t.db, new Date(tenLeft - 1000))).toBe(0);
    expect(await runDueScriptSteps(t.db, new Date(tenLeft))).toBe(1);
    expect((await messagesOf(g)).map((m) => m.text)).toEqual(['Thirty minutes of play', 'Ten minutes left']);
  });

  it('doubles a challenge for a while, closes it, shrinks the area for good and releases a station', async () => {
    let challengeId = 0;
    let stationId = 0;
    const g = await playedGame(t, admin, {
      beforeStart: async (game) => {
        const [first] = await t.db
          .select()
          .from(challenges)
          .where(and(eq(challenges.isDefault, true), eq(challenges.name, 'Find a Red Post Box')))
          .orderBy(challenges.id)
          .limit(1);
        challengeId = first?.id ?? 0;
        await t.db.delete(itemStations).where(eq(itemStations.gameId, game.gameId));
        const [station] = await t.db
          .insert(itemStations)
          .values({ gameId: game.gameId, kind: 'radar', lat: 51.51, lng: -0.128, label: 'Fountain', active: false })
          .returning();
        stationId = station?.id ?? 0;
        await planAs([
          { anchor: 'start', offset_minutes: 5, action: 'double_points', challenge_id: challengeId, minutes: 10 },
          { anchor: 'start', offset_minutes: 20, action: 'close_challenge', challenge_id: challengeId },
          { anchor: 'start', offset_minutes: 25, action: 'shrink_area', radius_m: 300 },
          { anchor: 'start', offset_minutes: 25, action: 'release_station', station_id: stationId },
        ])(game);
      },
    });
    const [fox] = g.members;
    if (!fox) throw new Error('no player');
    const instance = await instanceOf(g);
    const start = instance.startTime.getTime();
    // Move the game's start 6 minutes back so that "now" (the submission's time) falls in the doubled window.
    const shifted = new Date(Date.now() - 6 * MINUTE);
    await t.db
      .update(gameInstances)
      .set({ startTime: shifted, endsAt: new Date(shifted.getTime() + ((instance.endsAt?.getTime() ?? 0) - start)) })
      .where(eq(gameInstances.id, instance.id));
    expect(await runDueScriptSteps(t.db, new Date(shifted.getTime() + 5 * MINUTE))).toBe(1);
    // An answer made in the doubled window earns twice the challenge's points once approved.
    const answer = await g.visitor.post(
      `/api/play/${g.gameCode}/submissions`,
      { challenge_id: challengeId, kind: 'text', text: 'By the station' },
      fox.headers,
    );
    expect(answer.statusCode).toBe(201);
    const review = await admin.post(`/api/admin/submissions/${answer.json().submission.id}/approve`, {});
    expect(review.statusCode).toBe(200);
    const [maxRow] = await t.db.select({ max: challenges.maxScore }).from(challenges).where(eq(challenges.id, challengeId));
    expect(review.json().submission.points_awarded).toBe((maxRow?.max ?? 0) * 2);
    const [stored] = await t.db.select().from(submissions).where(eq(submissions.challengeId, challengeId));
    expect(stored?.doubled).toBe(true);

    // 21 minutes later (the start moved back again): the close has run, the challenge is gone from the list.
    const later = new Date(Date.now() - 21 * MINUTE);
    await t.db
      .update(gameInstances)
      .set({ startTime: later, endsAt: new Date(later.getTime() + ((instance.endsAt?.getTime() ?? 0) - start)) })
      .where(eq(gameInstances.id, instance.id));
    expect(await runDueScriptSteps(t.db, new Date())).toBe(1);
    expect((await listOf(g, fox)).challenges.map((c) => c.id)).not.toContain(challengeId);
    expect(await runDueScriptSteps(t.db, new Date(later.getTime() + 25 * MINUTE))).toBe(2);
    const shrunk = await instanceOf(g);
    expect(shrunk.latestArea?.radius).toBe(300);
    // The shrinking schedule never grows it back.
    await shrinkDueAreas(t.db, new Date(later.getTime() + 26 * MINUTE));
    expect((await instanceOf(g)).latestArea?.radius).toBe(300);
    const [station] = await t.db.select().from(itemStations).where(eq(itemStations.id, stationId));
    expect(station?.active).toBe(true);
  });
});

describe('the host plans during the game', () => {
  it('adds a step that runs at the next tick, removes one still to come, and cannot remove one that ran', async () => {
    const g = await playedGame(t, admin, { beforeStart: planAs([]) });
    const host = await t.as('host');
    expect((await host.get(`/api/host/games/${g.gameCode}/script`)).statusCode).toBe(403);
    const added = await admin.post(`/api/host/games/${g.gameCode}/script/steps`, {
      anchor: 'start',
      offset_minutes: 0,
      action: 'message',
      text: 'Hello from the host',
    });
    expect(added.statusCode).toBe(201);
    const later = await admin.post(`/api/host/games/${g.gameCode}/script/steps`, { anchor: 'end', offset_minutes: 5, action: 'message', text: 'Five left' });
    const laterId = later.json().step.id;
    expect(await runDueScriptSteps(t.db, new Date())).toBe(1);
    expect((await messagesOf(g)).map((m) => m.text)).toEqual(['Hello from the host']);
    expect((await admin.delete(`/api/host/games/${g.gameCode}/script/steps/${added.json().step.id}`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/host/games/${g.gameCode}/script/steps/${laterId}`)).statusCode).toBe(204);
    expect((await stepsOf(g)).map((s) => s.text)).toEqual(['Hello from the host']);
  });
});

describe("staff's template", () => {
  it('refuses anonymous and non-admin callers, and new games take the edited template', async () => {
    const anonymous = await t.visitor();
    expect((await anonymous.get('/api/admin/script-template')).statusCode).toBe(401);
    const host = await t.as('host');
    expect((await host.get('/api/admin/script-template')).statusCode).toBe(403);
    const shipped = await admin.get('/api/admin/script-template');
    expect(shipped.json().is_default).toBe(true);
    const saved = await admin.put('/api/admin/script-template', {
      steps: [{ anchor: 'start', offset_minutes: 1, action: 'message', text: 'Our own welcome' }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ is_default: false, steps: [{ text: 'Our own welcome' }] });
    const g = await playedGame(t, admin);
    expect((await stepsOf(g)).map((s) => s.text)).toEqual(['Our own welcome']);
    // Back to the shipped default for the other tests of this file.
    await admin.put('/api/admin/script-template', {
      steps: DEFAULT_SCRIPT_TEMPLATE.filter((s) => !s.challenge_name).map(({ challenge_name: _unused, ...s }) => s),
    });
  });
});
