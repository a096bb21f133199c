import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameChallenges, players, submissions } from '../../src/server/domains/game/tables/games';
import { offsetMetres } from '../../src/shared/geo';
import { PLACE_MESSAGES, DEFAULT_PLACE_RADIUS_M, MAX_PLACE_RADIUS_M } from '../../src/shared/game/places';
import { FIX_FRESH_SECONDS } from '../../src/shared/game/positions';
import type { PlayChallengesResponse, TeamSubmission } from '../../src/shared/api/play-challenges';
import type { CheckInResponse } from '../../src/shared/api/places';
import type { Challenge } from '../../src/shared/api/challenges';
import type { ReviewSubmission } from '../../src/shared/api/submissions';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/**
 * Challenges tied to a place, check-ins and answers checked without a host (issue 29, decisions 0440, 0441), through
 * the API on a real database. Phones' positions go through the positions call; a stale fix is made by ageing the
 * stored one (time moves, the test never sleeps).
 */
let t: TestApp;
let admin: Agent;
let visitor: Agent;
let code: string;
let bookingId: number;
const tokens: Record<'fay' | 'finn' | 'olly', string> = { fay: '', finn: '', olly: '' };
const ch = { street: 0, riddle: 0, hidden: 0, arrive: 0 };

const base = { lat: 51.5007, lng: -0.1246 };
const streetPin = offsetMetres(base, 400, 0);
const hiddenPin = offsetMetres(base, 0, 400);
const arrivePin = offsetMetres(base, -400, 0);

const challengeBody = (over: Record<string, unknown>) => ({
  name: `Place ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Be there.',
  type: 'RightWrong',
  spice_level: 'Mild',
  is_active: true,
  max_score: 5,
  max_submissions: 3,
  points_per_submission: 1,
  region_code: null,
  ...over,
});
async function makeChallenge(over: Record<string, unknown>): Promise<Challenge> {
  const res = await admin.post('/api/admin/challenges', challengeBody(over));
  if (res.statusCode !== 201) throw new Error(`challenge not created: ${res.statusCode} ${res.body}`);
  return res.json<{ data: Challenge }>().data;
}

const asPlayer = (who: keyof typeof tokens) => ({ 'x-player-token': tokens[who] });
const post = (who: keyof typeof tokens, tail: string, payload: object) =>
  visitor.inject({ method: 'POST', url: `/api/play/${code}${tail}`, payload, headers: asPlayer(who) });
const list = async (who: keyof typeof tokens) =>
  (await visitor.inject({ method: 'GET', url: `/api/play/${code}/challenges`, headers: asPlayer(who) })).json<PlayChallengesResponse>();
const answer = (who: keyof typeof tokens, challengeId: number, text: string) => post(who, '/submissions', { challenge_id: challengeId, kind: 'text', text });
const submissionCount = async () => (await t.db.select({ id: submissions.id }).from(submissions)).length;

async function playerId(who: keyof typeof tokens): Promise<number> {
  const res = await visitor.inject({ method: 'GET', url: `/api/play/${code}/me`, headers: asPlayer(who) });
  return res.json<{ player: { id: number } }>().player.id;
}
/** Ages the phone's last fix by `seconds` (as if that much time had passed since), so the next one is not "too often". */
async function age(who: keyof typeof tokens, seconds: number) {
  await t.db
    .update(players)
    .set({ lastAt: sql`${players.lastAt} - make_interval(secs => ${seconds})` })
    .where(eq(players.id, await playerId(who)));
}
async function moveTo(who: keyof typeof tokens, point: { lat: number; lng: number }) {
  await age(who, 60);
  const res = await post(who, '/positions', point);
  expect(res.statusCode, res.body).toBe(204);
}

async function join(name: string, team: string): Promise<string> {
  const res = await visitor.post(`/api/play/${code}/join`, { name, team_name: team });
  if (res.statusCode !== 201) throw new Error(`join failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  visitor = await t.visitor();
  const paid = await createPaidBooking(t.db, { players: 8, ...startableSchedule() });
  code = paid.gameCode ?? '';
  bookingId = paid.booking.id;
  ch.street = (await makeChallenge({ name: 'Which tower?', location: { ...streetPin, radius_m: 10 }, accepted_answers: ['Big Ben', 'Elizabeth Tower'] })).id;
  ch.riddle = (await makeChallenge({ name: 'Riddle', accepted_answers: ['Crème Brûlée'] })).id;
  ch.hidden = (
    await makeChallenge({ name: 'Secret garden', type: 'Rating', max_score: 10, location: { ...hiddenPin, radius_m: 20 }, hidden_until_near: true })
  ).id;
  ch.arrive = (await makeChallenge({ name: 'Reach the fountain', max_score: 10, location: { ...arrivePin, radius_m: 15 }, check_in: true })).id;
  await t.db.delete(gameChallenges).where(eq(gameChallenges.gameId, paid.gameId));
  await t.db
    .insert(gameChallenges)
    .values([ch.street, ch.riddle, ch.hidden, ch.arrive].map((challengeId, position) => ({ gameId: paid.gameId, challengeId, position })));
  tokens.fay = await join('Fay', 'Foxes');
  tokens.finn = await join('Finn', 'Foxes');
  tokens.olly = await join('Olly', 'Owls');
  const started = await admin.post(`/api/admin/bookings/${bookingId}/start-game`);
  expect(started.statusCode, started.body).toBe(200);
  for (const who of ['fay', 'finn', 'olly'] as const) await moveTo(who, base);
});
afterAll(async () => {
  await t?.close();
});

describe('staff pin a challenge', () => {
  it('takes a place with the default radius, and refuses what makes no sense', async () => {
    const pinned = await makeChallenge({ location: { ...streetPin, radius_m: null } });
    expect(pinned.location).toEqual({ ...streetPin, radius_m: DEFAULT_PLACE_RADIUS_M });
    expect((await admin.get(`/api/admin/challenges/${ch.street}`)).json<{ data: Challenge }>().data).toMatchObject({
      location: { ...streetPin, radius_m: 10 },
      accepted_answers: ['Big Ben', 'Elizabeth Tower'],
    });
    const tooWide = await admin.post('/api/admin/challenges', challengeBody({ location: { ...streetPin, radius_m: MAX_PLACE_RADIUS_M + 1 } }));
    expect(tooWide.statusCode).toBe(422);
    expect(tooWide.json()).toMatchObject({ errors: { 'location.radius_m': [PLACE_MESSAGES.radiusRange] } });
    const checkInNowhere = await admin.post('/api/admin/challenges', challengeBody({ check_in: true }));
    expect(checkInNowhere.json()).toMatchObject({ errors: { location: [PLACE_MESSAGES.checkInNeedsPlace] } });
    const ratedAnswers = await admin.post('/api/admin/challenges', challengeBody({ type: 'Rating', accepted_answers: ['x'] }));
    expect(ratedAnswers.statusCode).toBe(422);
  });
});

describe('an answer tied to a place', () => {
  it('is refused from outside the radius, and nothing is stored', async () => {
    await moveTo('fay', offsetMetres(streetPin, 30, 0));
    const before = await submissionCount();
    const res = await answer('fay', ch.street, 'Big Ben');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: PLACE_MESSAGES.tooFar, errors: { position: [PLACE_MESSAGES.tooFar] } });
    expect(await submissionCount()).toBe(before);
  });

  it('is refused from a stale fix inside the radius', async () => {
    await moveTo('fay', offsetMetres(streetPin, 3, 0));
    await age('fay', FIX_FRESH_SECONDS + 5);
    const before = await submissionCount();
    const res = await answer('fay', ch.street, 'Big Ben');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PLACE_MESSAGES.stalePosition);
    expect(await submissionCount()).toBe(before);
  });

  it('is taken from a fresh fix inside, and a matching answer is approved at once', async () => {
    await moveTo('fay', offsetMetres(streetPin, 3, 2));
    const res = await answer('fay', ch.street, '  big   BEN ');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ submission: TeamSubmission }>().submission).toMatchObject({ status: 'approved', points_awarded: 5 });
    const mine = (await list('fay')).challenges.find((c) => c.id === ch.street);
    expect(mine).toMatchObject({ points: 5, location: { ...streetPin, radius_m: 10 }, place_hidden: false });
  });
});

describe('answers checked without a host', () => {
  it('approves an answer matching with other case, accents and spacing, and the team total moves', async () => {
    const res = await answer('olly', ch.riddle, ' creme   brulee');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ submission: TeamSubmission }>().submission).toMatchObject({ status: 'approved', points_awarded: 5 });
    expect((await list('olly')).team).toMatchObject({ name: 'Owls', challenge_points: 5 });
  });

  it('leaves any other answer waiting for review, with the expected answers beside it for the reviewer', async () => {
    const res = await answer('finn', ch.riddle, 'creme brule');
    expect(res.json<{ submission: TeamSubmission }>().submission).toMatchObject({ status: 'pending', points_awarded: 0 });
    const queue = (await admin.get(`/api/admin/submissions?game=${code}&status=pending`)).json<{ submissions: ReviewSubmission[] }>();
    const waiting = queue.submissions.find((s) => s.text === 'creme brule');
    expect(waiting?.challenge?.accepted_answers).toEqual(['Crème Brûlée']);
  });

  it('never shows the accepted answers to players', async () => {
    const raw = (await visitor.inject({ method: 'GET', url: `/api/play/${code}/challenges`, headers: asPlayer('finn') })).body;
    expect(raw).not.toContain('Brûlée');
    expect(raw).not.toContain('Elizabeth Tower');
  });
});

describe('a hidden pin', () => {
  it('is not revealed to a team that is not near, and is once it is', async () => {
    await moveTo('olly', offsetMetres(hiddenPin, 200, 0));
    const far = await visitor.inject({ method: 'GET', url: `/api/play/${code}/challenges`, headers: asPlayer('olly') });
    const hidden = far.json<PlayChallengesResponse>().challenges.find((c) => c.id === ch.hidden);
    expect(hidden).toMatchObject({ location: null, place_hidden: true });
    expect(far.body).not.toContain(String(hiddenPin.lng).slice(0, 8));
    await moveTo('olly', offsetMetres(hiddenPin, 40, 0));
    expect((await list('olly')).challenges.find((c) => c.id === ch.hidden)).toMatchObject({ location: { ...hiddenPin, radius_m: 20 }, place_hidden: false });
    // The Foxes are still far: still hidden for them.
    expect((await list('fay')).challenges.find((c) => c.id === ch.hidden)).toMatchObject({ location: null, place_hidden: true });
  });
});

describe('a check-in', () => {
  it('refuses a tap from outside the place, and takes no answer', async () => {
    await moveTo('olly', offsetMetres(arrivePin, 100, 0));
    const before = await submissionCount();
    const tap = await post('olly', '/check-in', { challenge_id: ch.arrive });
    expect(tap.statusCode).toBe(422);
    expect(tap.json().message).toBe(PLACE_MESSAGES.tooFar);
    const sent = await answer('olly', ch.arrive, 'here');
    expect(sent.json().message).toBe(PLACE_MESSAGES.checkInHasNothingToSend);
    expect(await submissionCount()).toBe(before);
  });

  it('scores once per team when two phones of it arrive at the same moment', { tags: ['postgres'] }, async () => {
    await Promise.all([age('fay', 60), age('finn', 60)]);
    const arrivals = await Promise.all([post('fay', '/positions', offsetMetres(arrivePin, 5, 0)), post('finn', '/positions', offsetMetres(arrivePin, -5, 0))]);
    expect(arrivals.map((r) => r.statusCode)).toEqual([204, 204]);
    const rows = await t.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.challengeId, ch.arrive), eq(submissions.kind, 'check_in')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'approved', pointsAwarded: 10 });
    const foxes = (await list('fay')).challenges.find((c) => c.id === ch.arrive);
    expect(foxes).toMatchObject({ points: 10, check_in: true, kinds: ['check_in'] });
    // A tap afterwards answers the check-in the team has, and stores nothing more.
    const tap = await post('finn', '/check-in', { challenge_id: ch.arrive });
    expect(tap.statusCode).toBe(200);
    expect(tap.json<CheckInResponse>()).toMatchObject({ already: true, submission: { status: 'approved', points_awarded: 10 } });
    await moveTo('fay', offsetMetres(arrivePin, 2, 0));
    expect(
      await t.db
        .select()
        .from(submissions)
        .where(and(eq(submissions.challengeId, ch.arrive), eq(submissions.kind, 'check_in'))),
    ).toHaveLength(1);
  });

  it('scores a tap on "Check in" from inside', async () => {
    await moveTo('olly', offsetMetres(arrivePin, 140, 0));
    await age('olly', 60);
    // The position call scores arrival itself; the tap is the phone's own way when it already stands there.
    await t.db
      .update(players)
      .set({ lastLat: arrivePin.lat, lastLng: arrivePin.lng })
      .where(eq(players.id, await playerId('olly')));
    const tap = await post('olly', '/check-in', { challenge_id: ch.arrive });
    expect(tap.statusCode, tap.body).toBe(200);
    expect(tap.json<CheckInResponse>()).toMatchObject({ already: false, submission: { kind: 'check_in', status: 'approved', points_awarded: 10 } });
  });
});
