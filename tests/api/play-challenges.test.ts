import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameChallenges, gameEvents, games, submissions } from '../../src/server/domains/game/tables/games';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { queueDueResultsMails, RESULTS_MAIL_WAIT_MS } from '../../src/server/domains/game/results-mails';
import type { AlbumPhoto, PlayChallengesResponse, ResultsResponse, TeamSubmission } from '../../src/shared/api/play-challenges';
import type { ReviewResponse, ReviewSubmission } from '../../src/shared/api/submissions';
import { SUBMIT_MESSAGES } from '../../src/shared/game/submission-kinds';
import { SCORING_MESSAGES } from '../../src/shared/scoring/challenge-points';
import { UPLOAD_MESSAGES, MAX_PHOTO_BYTES } from '../../src/shared/uploads';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { createChallenge } from '../support/game-fixtures';
import { declaring, jpeg, jpegHead } from '../support/photo-fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/**
 * Challenges in play (issue 14): a team lists and submits, the host reviews its game, the leaderboard moves, and
 * after the game the results, the album and the booker's results mail. One app and one game for the whole file.
 */
let t: TestApp;
let admin: Agent & { userId: number };
let host: Agent & { userId: number };
let otherHost: Agent;
let visitor: Agent;
let dataDir: string;
let code: string;
let manageKey: string;
let bookingId: number;
let otherCode: string;
const tokens: Record<'fox' | 'owl' | 'stranger', string> = { fox: '', owl: '', stranger: '' };
const ch = { rating: 0, tally: 0, rightWrong: 0 };

const photoCount = async () => {
  try {
    const games = await readdir(path.join(dataDir, 'photos', 'games'));
    let n = 0;
    for (const g of games) n += (await readdir(path.join(dataDir, 'photos', 'games', g))).length;
    return n;
  } catch {
    return 0;
  }
};
const submissionCount = async () => (await t.db.select({ id: submissions.id }).from(submissions)).length;

const playGet = (who: keyof typeof tokens, tail: string, c = code) =>
  visitor.inject({ method: 'GET', url: `/api/play/${c}${tail}`, headers: { 'x-player-token': tokens[who] } });
const submitJson = (who: keyof typeof tokens, body: object, c = code) =>
  visitor.inject({ method: 'POST', url: `/api/play/${c}/submissions`, payload: body, headers: { 'x-player-token': tokens[who] } });
const submitPhoto = (who: keyof typeof tokens, challengeId: number, bytes: Buffer, type = 'image/jpeg') =>
  visitor.inject({
    method: 'POST',
    url: `/api/play/${code}/submissions/photo?challenge_id=${challengeId}`,
    payload: bytes,
    headers: { 'x-player-token': tokens[who], 'content-type': type },
  });

async function join(c: string, name: string, team: string): Promise<string> {
  const res = await visitor.post(`/api/play/${c}/join`, { name, team_name: team });
  if (res.statusCode !== 201) throw new Error(`join failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hatch-play-challenges-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await t.as('admin');
  host = await t.as('host', { name: 'Hana Host' });
  otherHost = await t.as('host');
  visitor = await t.visitor();
  const paid = await createPaidBooking(t.db, { players: 8, assignedHostId: host.userId, ...startableSchedule() });
  code = paid.gameCode ?? '';
  manageKey = paid.booking.manageKey;
  bookingId = paid.booking.id;
  ch.rating = await createChallenge(admin, { type: 'Rating', max_score: 10, name: 'Best team selfie' });
  ch.tally = await createChallenge(admin, { type: 'Tally', max_score: 10, max_submissions: 2, points_per_submission: 2, name: 'Count red doors' });
  ch.rightWrong = await createChallenge(admin, { type: 'RightWrong', max_score: 5, name: 'Riddle' });
  await t.db.delete(gameChallenges).where(eq(gameChallenges.gameId, paid.gameId));
  await t.db
    .insert(gameChallenges)
    .values([ch.rating, ch.tally, ch.rightWrong].map((challengeId, position) => ({ gameId: paid.gameId, challengeId, position })));
  tokens.fox = await join(code, 'Fay', 'Foxes');
  tokens.owl = await join(code, 'Olly', 'Owls');
  const other = await createPaidBooking(t.db, { players: 4 });
  otherCode = other.gameCode ?? '';
  tokens.stranger = await join(otherCode, 'Sam', 'Strangers');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('before the game starts', () => {
  it('lists the challenges but takes no submission', async () => {
    const res = await playGet('fox', '/challenges');
    expect(res.statusCode).toBe(200);
    const body = res.json<PlayChallengesResponse>();
    expect(body.can_submit).toBe(false);
    expect(body.team?.name).toBe('Foxes');
    const refused = await submitJson('fox', { challenge_id: ch.rightWrong, kind: 'text', text: 'an egg' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'game_not_live', message: SUBMIT_MESSAGES.notLive });
    expect(await submissionCount()).toBe(0);
  });
});

describe('while live', () => {
  beforeAll(async () => {
    const res = await admin.post(`/api/admin/bookings/${bookingId}/start-game`);
    expect(res.statusCode).toBe(200);
  });

  it('lists the booked challenges in order with what each takes and what is left', async () => {
    const body = (await playGet('fox', '/challenges')).json<PlayChallengesResponse>();
    expect(body.can_submit).toBe(true);
    expect(body.game_status).toBe('live');
    expect(body.challenges.map((c) => [c.name, c.kinds, c.submissions_left, c.points_left])).toEqual([
      ['Best team selfie', ['photo', 'text'], 1, 10],
      ['Count red doors', ['count', 'photo'], 2, 10],
      ['Riddle', ['photo', 'text'], 1, 5],
    ]);
  });

  it('takes a text, a count and a photo, pending review, and stores the photo', async () => {
    const text = await submitJson('fox', { challenge_id: ch.rightWrong, kind: 'text', text: '  an egg  ' });
    expect(text.statusCode).toBe(201);
    expect(text.json<{ submission: TeamSubmission }>().submission).toMatchObject({ kind: 'text', text: 'an egg', status: 'pending', points_awarded: 0 });
    const count = await submitJson('owl', { challenge_id: ch.tally, kind: 'count', count: 3 });
    expect(count.statusCode).toBe(201);
    const photo = await submitPhoto('fox', ch.rating, jpeg());
    expect(photo.statusCode).toBe(201);
    const sent = photo.json<{ submission: TeamSubmission }>().submission;
    expect(sent.media_url).toBe(`/api/play/${code}/submissions/${sent.id}/media`);
    expect(await photoCount()).toBe(1);
    const own = await visitor.inject({ method: 'GET', url: sent.media_url ?? '', headers: { 'x-player-token': tokens.fox } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(own.rawPayload, jpeg())).toBe(0);
    const listed = (await playGet('fox', '/challenges')).json<PlayChallengesResponse>();
    expect(listed.challenges.find((c) => c.id === ch.rating)).toMatchObject({ submissions_left: 0, submissions: [{ id: sent.id, status: 'pending' }] });
  });

  it('refuses with a clear 4xx and stores nothing: wrong kind, above max_submissions, unknown challenge, bad uploads, other tokens', async () => {
    const before = { rows: await submissionCount(), photos: await photoCount() };
    // One at a time, as a phone's outbox sends them: a player's uploads at once are capped (decision 0520).
    const cases: [() => Promise<{ statusCode: number; json: () => unknown }>, number, string][] = [
      [() => submitJson('owl', { challenge_id: ch.rating, kind: 'count', count: 2 }), 422, SUBMIT_MESSAGES.wrongKind],
      [() => submitJson('owl', { challenge_id: ch.tally, kind: 'text', text: 'doors' }), 422, SUBMIT_MESSAGES.wrongKind],
      [() => submitJson('fox', { challenge_id: ch.rightWrong, kind: 'text', text: 'again' }), 409, SCORING_MESSAGES.maxSubmissions],
      [() => submitPhoto('fox', ch.rating, jpeg()), 409, SCORING_MESSAGES.maxSubmissions],
      [() => submitJson('owl', { challenge_id: 999_999, kind: 'text', text: 'x' }), 422, SUBMIT_MESSAGES.unknownChallenge],
      [() => submitJson('owl', { challenge_id: ch.rightWrong, kind: 'text', text: '   ' }), 422, SUBMIT_MESSAGES.textRequired],
      [() => submitPhoto('owl', ch.rating, Buffer.from('not an image at all')), 415, UPLOAD_MESSAGES.notImage],
      [() => submitPhoto('owl', ch.rating, Buffer.from('GIF89a-pretending'), 'image/png'), 415, UPLOAD_MESSAGES.notImage],
      [() => submitPhoto('owl', ch.rating, Buffer.alloc(0)), 422, UPLOAD_MESSAGES.empty],
      // A few bytes declaring a picture no phone could decode (issue 28): refused by what the header declares.
      [() => submitPhoto('owl', ch.rating, declaring('png', 50_000, 50_000), 'image/png'), 422, UPLOAD_MESSAGES.tooManyPixels],
      [() => submitPhoto('owl', ch.rating, declaring('jpeg', 12_001, 100)), 422, UPLOAD_MESSAGES.tooManyPixels],
      [() => submitPhoto('owl', ch.rating, declaring('webp', 10_000, 10_000), 'image/webp'), 422, UPLOAD_MESSAGES.tooManyPixels],
      // Issue 36: one stray byte after the first segment, which a browser skips to decode 20,000 × 20,000 pixels.
      [() => submitPhoto('owl', ch.rating, Buffer.concat([jpegHead(20_000, 20_000, [0x00]), Buffer.alloc(500, 7)])), 422, UPLOAD_MESSAGES.tooManyPixels],
      // A header that never says its size (nor any a browser could find) is refused: the size could be any.
      [() => submitPhoto('owl', ch.rating, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2_000, 7)])), 422, UPLOAD_MESSAGES.noSize],
      [() => submitPhoto('owl', ch.rating, declaring('png', 0, 600), 'image/png'), 422, UPLOAD_MESSAGES.noSize],
      [() => submitJson('stranger', { challenge_id: ch.rightWrong, kind: 'text', text: 'x' }), 403, 'This player belongs to another game'],
      [
        () => visitor.inject({ method: 'POST', url: `/api/play/${code}/submissions`, payload: { challenge_id: ch.rightWrong, kind: 'text', text: 'x' } }),
        401,
        'Please join the game first',
      ],
    ];
    for (const [send, status, message] of cases) {
      const res = await send();
      expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status, body: { message } });
    }
    const huge = await submitPhoto('owl', ch.rating, jpeg(MAX_PHOTO_BYTES + 10));
    expect(huge.statusCode).toBe(413);
    const json = await visitor.inject({
      method: 'POST',
      url: `/api/play/${code}/submissions/photo?challenge_id=${ch.rating}`,
      payload: { photo: 'x' },
      headers: { 'x-player-token': tokens.owl },
    });
    expect(json.statusCode).toBe(415);
    expect({ rows: await submissionCount(), photos: await photoCount() }).toEqual(before);
  });

  it('serves a photo only to its own team, the host and staff', async () => {
    const [photo] = await t.db.select().from(submissions).where(eq(submissions.kind, 'photo'));
    const id = photo?.id ?? 0;
    expect(
      (await visitor.inject({ method: 'GET', url: `/api/play/${code}/submissions/${id}/photo`, headers: { 'x-player-token': tokens.owl } })).statusCode,
    ).toBe(404);
    expect((await host.get(`/api/host/games/${code}/submissions/${id}/photo`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/submissions/${id}/photo`)).statusCode).toBe(200);
    expect((await otherHost.get(`/api/host/games/${code}/submissions/${id}/photo`)).statusCode).toBe(403);
    expect((await visitor.get(`/api/host/games/${code}/submissions/${id}/photo`)).statusCode).toBe(401);
    expect((await host.get(`/api/host/games/${otherCode}/submissions/${id}/photo`)).statusCode).toBe(403);
  });

  it('lets the assigned host review the queue; each verdict reaches the team and moves the points for everyone', async () => {
    expect((await otherHost.get(`/api/host/games/${code}/submissions`)).statusCode).toBe(403);
    const queue = await host.get(`/api/host/games/${code}/submissions?status=pending`);
    expect(queue.statusCode).toBe(200);
    const pending = queue.json<{ submissions: ReviewSubmission[] }>().submissions;
    expect(pending.map((s) => [s.team.name, s.kind])).toEqual([
      ['Foxes', 'text'],
      ['Owls', 'count'],
      ['Foxes', 'photo'],
    ]);
    const photo = pending.find((s) => s.kind === 'photo');
    expect(photo?.media_url).toBe(`/api/host/games/${code}/submissions/${photo?.id}/media`);
    const [text, count] = pending;

    const rated = await host.post(`/api/host/games/${code}/submissions/${photo?.id}/rate`, { rating: 4 });
    expect(rated.statusCode).toBe(200);
    expect(rated.json<ReviewResponse>()).toMatchObject({
      submission: { status: 'approved', rating: 4, points_awarded: 8 },
      team: { name: 'Foxes', challenge_points: 8, chicken_points: 0, adjustments: 0 },
    });
    const rejected = await host.post(`/api/host/games/${code}/submissions/${text?.id}/reject`, { reason: 'A chicken, not an egg' });
    expect(rejected.json<ReviewResponse>().submission).toMatchObject({ status: 'rejected', reason: 'A chicken, not an egg' });
    expect((await host.post(`/api/host/games/${code}/submissions/${count?.id}/approve`, {})).json<ReviewResponse>().team.challenge_points).toBe(6);
    expect((await host.post(`/api/host/games/${code}/submissions/${count?.id}/rate`, { rating: 3 })).statusCode).toBe(422);
    expect((await otherHost.post(`/api/host/games/${code}/submissions/${count?.id}/approve`, {})).statusCode).toBe(403);
    expect((await host.post(`/api/host/games/${code}/submissions/999999/approve`, {})).statusCode).toBe(404);

    const events = await t.db.select().from(gameEvents).where(eq(gameEvents.type, 'submission')).orderBy(gameEvents.id);
    // The team's own events (staff also get the review queue's copy, with meta.staffOnly: issue 36).
    const verdicts = events
      .map((e) => e.payload as { data: { submission: { id: number; status: string } }; meta: { teamId: number; staffOnly?: boolean } })
      .filter((v) => !v.meta.staffOnly);
    expect(verdicts.filter((v) => v.data.submission.id === photo?.id).map((v) => v.data.submission.status)).toEqual(['pending', 'approved']);
    const teamsEvents = await t.db.select().from(gameEvents).where(eq(gameEvents.type, 'teams')).orderBy(gameEvents.id);
    const last = teamsEvents.at(-1)?.payload as { data: { teams: { id: number; name: string; challenge_points: number }[] } };
    expect(last.data.teams.map((tm) => [tm.name, tm.challenge_points])).toEqual([
      ['Foxes', 8],
      ['Owls', 6],
    ]);

    // A rejected answer frees its place: the Foxes may answer the riddle again, and the team sees the verdict.
    const mine = (await playGet('fox', '/challenges')).json<PlayChallengesResponse>();
    const riddle = mine.challenges.find((c) => c.id === ch.rightWrong);
    expect(riddle).toMatchObject({ submissions_left: 1, submissions: [{ status: 'rejected', reason: 'A chicken, not an egg' }] });
    expect(mine.team?.challenge_points).toBe(8);

    // A staff adjustment moves the boards live too.
    const owls = last.data.teams.find((tm) => tm.name === 'Owls');
    expect((await admin.post(`/api/admin/scoring/teams/${owls?.id}/adjustments`, { points: 1, reason: 'Helped a lost tourist' })).statusCode).toBe(201);
    const after = (await t.db.select().from(gameEvents).where(eq(gameEvents.type, 'teams')).orderBy(gameEvents.id)).at(-1)?.payload as {
      data: { teams: { name: string; challenge_points: number; adjustments: number }[] };
    };
    expect(after.data.teams.map((tm) => [tm.name, tm.challenge_points, tm.adjustments])).toEqual([
      ['Foxes', 8, 0],
      ['Owls', 6, 1],
    ]);
  });

  it('lets only one of three phones at once take the last place of a challenge', { tags: ['postgres'] }, async () => {
    // The Owls' count above took one of the two places; run on its own (the PostgreSQL pass), take it here.
    const taken = await t.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.challengeId, ch.tally));
    if (taken.length === 0) expect((await submitJson('owl', { challenge_id: ch.tally, kind: 'count', count: 3 })).statusCode).toBe(201);
    const before = await submissionCount();
    const answers = await Promise.all([1, 2, 3].map((count) => submitJson('owl', { challenge_id: ch.tally, kind: 'count', count })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await submissionCount()).toBe(before + 1);
  });

  it('refuses the results and album until the game is over', async () => {
    const res = await playGet('fox', '/results');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: SUBMIT_MESSAGES.notEnded });
    expect((await visitor.inject({ method: 'GET', url: `/api/booking/${code}/album`, headers: { 'x-manage-key': manageKey } })).statusCode).toBe(409);
  });
});

describe('after the game', () => {
  beforeAll(async () => {
    const res = await host.post(`/api/host/games/${code}/end`);
    expect(res.statusCode).toBe(200);
  });

  it('takes no more submissions', async () => {
    const before = await submissionCount();
    const res = await submitJson('fox', { challenge_id: ch.rightWrong, kind: 'text', text: 'late' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'game_ended', message: SUBMIT_MESSAGES.ended });
    expect((await submitPhoto('owl', ch.rating, jpeg())).statusCode).toBe(409);
    expect(await submissionCount()).toBe(before);
  });

  it('shows the final leaderboard and the album to players and to the booker with the management key', async () => {
    const results = (await playGet('owl', '/results')).json<ResultsResponse>();
    expect(results.teams.map((tm) => [tm.rank, tm.name, tm.total])).toEqual([
      [1, 'Foxes', 8],
      [2, 'Owls', 7],
    ]);
    const booker = await visitor.inject({ method: 'GET', url: `/api/booking/${code}/results`, headers: { 'x-manage-key': manageKey } });
    expect(booker.json<ResultsResponse>().teams).toEqual(results.teams);
    expect((await visitor.get(`/api/booking/${code}/results`)).statusCode).toBe(403);
    expect((await visitor.inject({ method: 'GET', url: `/api/booking/${code}/results`, headers: { 'x-manage-key': 'x'.repeat(40) } })).statusCode).toBe(403);

    const album = (await playGet('owl', '/album')).json<{ photos: AlbumPhoto[] }>().photos;
    expect(album.map((p) => [p.team_name, p.challenge_name, p.points_awarded])).toEqual([['Foxes', 'Best team selfie', 8]]);
    // Now in the album, the Foxes' photo is the Owls' to see too.
    const seen = await visitor.inject({ method: 'GET', url: album[0]?.media_url ?? '', headers: { 'x-player-token': tokens.owl } });
    expect(seen.statusCode).toBe(200);
    const bookerAlbum = (await visitor.inject({ method: 'GET', url: `/api/booking/${code}/album`, headers: { 'x-manage-key': manageKey } })).json<{
      photos: AlbumPhoto[];
    }>();
    const url = bookerAlbum.photos[0]?.media_url ?? '';
    expect(url).toBe(`/api/booking/${code}/album/${album[0]?.id}/media`);
    expect((await visitor.inject({ method: 'GET', url, headers: { 'x-manage-key': manageKey } })).statusCode).toBe(200);
    expect((await visitor.get(url)).statusCode).toBe(403);
    expect((await playGet('stranger', '/album')).statusCode).toBe(403);
  });

  it('mails the results to the booker once', async () => {
    const mailer = { mail: t.app.deps.mail, baseUrl: 'https://hatch.example' };
    // An answer made in time is still pending review: the mail waits for it, at most until the deadline (decision 0530).
    await queueDueResultsMails(t.db, mailer);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, bookingId))).not.toContainEqual(
      expect.objectContaining({ kind: 'game.results' }),
    );
    const deadline = new Date(Date.now() + RESULTS_MAIL_WAIT_MS);
    await queueDueResultsMails(t.db, mailer, deadline);
    await queueDueResultsMails(t.db, mailer, deadline);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.bookingId, bookingId), eq(mailOutbox.kind, 'game.results')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('1. Foxes: 8 points');
    expect(mails[0]?.text).toContain(`https://hatch.example/manage/${manageKey}/results`);
    const [game] = await t.db.select().from(games).where(eq(games.code, code));
    expect(game).toBeDefined();
  });
});

describe('OpenAPI', () => {
  it('documents the challenge, submission, review, results and album routes', async () => {
    const res = await admin.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<{ paths: Record<string, unknown> }>().paths)).toEqual(
      expect.arrayContaining([
        '/api/play/{code}/challenges',
        '/api/play/{code}/submissions',
        '/api/play/{code}/submissions/photo',
        '/api/play/{code}/submissions/media',
        '/api/play/{code}/results',
        '/api/host/games/{code}/submissions/{id}/rate',
        '/api/booking/{code}/album/{id}/photo',
        '/api/booking/{code}/album/{id}/media',
      ]),
    );
  });
});
