import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceTeams, submissions } from '../../src/server/domains/game/tables/games';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { storePhoto } from '../../src/server/platform/storage';
import { REVIEW_MESSAGES, type ReviewResponse, type ReviewSubmission } from '../../src/shared/api/submissions';
import { SCORING_MESSAGES } from '../../src/shared/scoring/challenge-points';
import { createChallenge, liveGameWithTeams, sendSubmission } from '../support/game-fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { jpeg } from '../support/photo-fixtures';

let t: TestApp;
let admin: Agent & { userId: number };
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hatch-review-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await t.as('admin', { name: 'Rita Reviewer' });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const url = (id: number, action: string) => `/api/admin/submissions/${id}/${action}`;
const teamPoints = async (teamId: number) => (await t.db.select().from(instanceTeams).where(eq(instanceTeams.id, teamId)))[0]?.points;
const submissionRow = async (id: number) => (await t.db.select().from(submissions).where(eq(submissions.id, id)))[0];
const activities = async (id: number) =>
  t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.entityType, 'submission'), eq(activityLog.entityId, String(id))))
    .orderBy(desc(activityLog.id));

describe('GET /api/admin/submissions', () => {
  it('lists submissions with filters by game and status, the queue oldest first', async () => {
    const a = await liveGameWithTeams(t, admin);
    const b = await liveGameWithTeams(t, admin);
    const challengeId = await createChallenge(admin, { type: 'RightWrong', max_score: 10, max_submissions: 5 });
    const foxes = a.teams[0]!;
    const first = await sendSubmission(t, { instanceId: a.instanceId, teamId: foxes.id, challengeId, textAnswer: 'first', kind: 'text' });
    const second = await sendSubmission(t, { instanceId: a.instanceId, teamId: foxes.id, challengeId, count: 3, kind: 'count' });
    await sendSubmission(t, { instanceId: b.instanceId, teamId: b.teams[0]!.id, challengeId, textAnswer: 'other game' });

    const res = await admin.get(`/api/admin/submissions?game=${a.gameCode.toLowerCase()}&status=pending`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ submissions: ReviewSubmission[]; pagination: { total: number } }>();
    expect(body.pagination.total).toBe(2);
    expect(body.submissions.map((s) => s.id)).toEqual([first.id, second.id]);
    expect(body.submissions[0]).toMatchObject({
      game_code: a.gameCode,
      team: { id: foxes.id, name: 'Foxes' },
      challenge: { id: challengeId, type: 'RightWrong', max_score: 10 },
      kind: 'text',
      text: 'first',
      status: 'pending',
      points_awarded: 0,
      reviewer: null,
    });
    expect(body.submissions[1]).toMatchObject({ kind: 'count', count: 3 });

    const approved = await admin.get(`/api/admin/submissions?game=${a.gameCode}&status=approved`);
    expect(approved.json<{ submissions: unknown[] }>().submissions).toEqual([]);
    expect((await admin.get('/api/admin/submissions?status=maybe')).statusCode).toBe(422);
  });
});

describe('reviewing', () => {
  it('rates a Rating submission: round(max_score × rating / 5), team points in step, logged with who', async () => {
    const game = await liveGameWithTeams(t, admin);
    const team = game.teams[0]!;
    const challengeId = await createChallenge(admin, { type: 'Rating', max_score: 15 });
    const sub = await sendSubmission(t, { instanceId: game.instanceId, teamId: team.id, challengeId });

    const res = await admin.post(url(sub.id, 'rate'), { rating: 4 });
    expect(res.statusCode).toBe(200);
    const body = res.json<ReviewResponse>();
    expect(body.submission).toMatchObject({ status: 'approved', rating: 4, points_awarded: 12, reviewer: { id: admin.userId, name: 'Rita Reviewer' } });
    expect(body.team).toEqual({ id: team.id, name: team.name, challenge_points: 12, chicken_points: 0, adjustments: 0, spent: 0, found_chicken_at: null });
    expect(await teamPoints(team.id)).toBe(12);

    // A second look replaces the verdict, never adds to it.
    const again = await admin.post(url(sub.id, 'rate'), { rating: 5 });
    expect(again.json<ReviewResponse>().team.challenge_points).toBe(15);
    expect(await teamPoints(team.id)).toBe(15);
    const log = await activities(sub.id);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      actorId: admin.userId,
      action: 'submission.rate',
      after: expect.objectContaining({ rating: 5, points_awarded: 15, team_points: 15 }),
    });
  });

  it('refuses a plain approval of a Rating challenge and a rating outside 0–5, changing nothing', async () => {
    const game = await liveGameWithTeams(t, admin);
    const challengeId = await createChallenge(admin, { type: 'Rating', max_score: 10 });
    const sub = await sendSubmission(t, { instanceId: game.instanceId, teamId: game.teams[0]!.id, challengeId });
    const approve = await admin.post(url(sub.id, 'approve'), {});
    expect(approve.statusCode).toBe(422);
    expect(approve.json()).toMatchObject({ message: SCORING_MESSAGES.rateNeeded });
    for (const rating of [6, -1, 2.5, '3']) expect((await admin.post(url(sub.id, 'rate'), { rating })).statusCode).toBe(422);
    expect(await submissionRow(sub.id)).toMatchObject({ status: 'pending', rating: null, pointsAwarded: 0, reviewerId: null });
    expect(await activities(sub.id)).toHaveLength(0);
  });

  it('approves RightWrong all or nothing, and rejecting needs a reason and takes the points back', async () => {
    const game = await liveGameWithTeams(t, admin);
    const team = game.teams[1]!;
    const challengeId = await createChallenge(admin, { type: 'RightWrong', max_score: 20 });
    const sub = await sendSubmission(t, { instanceId: game.instanceId, teamId: team.id, challengeId });
    expect((await admin.post(url(sub.id, 'rate'), { rating: 5 })).json()).toMatchObject({ message: SCORING_MESSAGES.rateOnlyRating });
    expect((await admin.post(url(sub.id, 'approve'), {})).json<ReviewResponse>().submission.points_awarded).toBe(20);
    expect(await teamPoints(team.id)).toBe(20);
    // The card offers no second Approve, and the server refuses one (shared reviewOptions), changing nothing.
    const again = await admin.post(url(sub.id, 'approve'), {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: REVIEW_MESSAGES.alreadyApproved });
    expect(await teamPoints(team.id)).toBe(20);
    expect((await activities(sub.id)).filter((a) => a.action === 'submission.approve')).toHaveLength(1);

    const noReason = await admin.post(url(sub.id, 'reject'), { reason: '   ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toMatchObject({ errors: { reason: [REVIEW_MESSAGES.reasonRequired] } });
    expect(await teamPoints(team.id)).toBe(20);

    const rejected = await admin.post(url(sub.id, 'reject'), { reason: 'Wrong statue' });
    expect(rejected.json<ReviewResponse>()).toMatchObject({
      submission: { status: 'rejected', points_awarded: 0, reason: 'Wrong statue' },
      team: { challenge_points: 0 },
    });
    expect((await activities(sub.id))[0]).toMatchObject({ action: 'submission.reject', after: expect.objectContaining({ reason: 'Wrong statue' }) });
    const rejectedAgain = await admin.post(url(sub.id, 'reject'), { reason: 'Still wrong' });
    expect(rejectedAgain.statusCode).toBe(409);
    expect(rejectedAgain.json()).toMatchObject({ message: REVIEW_MESSAGES.alreadyRejected });
  });

  it('scores Tally per item up to max_score over all the team’s submissions', async () => {
    const game = await liveGameWithTeams(t, admin);
    const team = game.teams[0]!;
    const challengeId = await createChallenge(admin, { type: 'Tally', max_score: 20, max_submissions: 3, points_per_submission: 5 });
    const s1 = await sendSubmission(t, { instanceId: game.instanceId, teamId: team.id, challengeId, kind: 'count', count: 3 });
    const s2 = await sendSubmission(t, { instanceId: game.instanceId, teamId: team.id, challengeId, kind: 'count', count: 2 });
    expect((await admin.post(url(s2.id, 'approve'), {})).json<ReviewResponse>().submission.points_awarded).toBe(10);
    // s1 was sent first, so approving it takes its 15 first and leaves s2 the remaining 5.
    expect((await admin.post(url(s1.id, 'approve'), {})).json<ReviewResponse>()).toMatchObject({
      submission: { points_awarded: 15 },
      team: { challenge_points: 20 },
    });
    expect((await submissionRow(s2.id))?.pointsAwarded).toBe(5);
    await admin.post(url(s1.id, 'reject'), { reason: 'Counted twice' });
    expect((await submissionRow(s2.id))?.pointsAwarded).toBe(10);
    expect(await teamPoints(team.id)).toBe(10);
  });

  it('answers 404 for an unknown submission, and 401/403 to others', async () => {
    expect((await admin.post(url(999_999, 'approve'), {})).json()).toEqual({ message: REVIEW_MESSAGES.notFound, code: 'not_found' });
    const host = await t.as('host');
    expect((await host.post(url(1, 'approve'), {})).statusCode).toBe(403);
    expect((await (await t.visitor()).post(url(1, 'approve'), {})).statusCode).toBe(401);
  });

  it('keeps the cap and answers every reviewer when several review one team at once', { tags: ['postgres'] }, async () => {
    const game = await liveGameWithTeams(t, admin);
    const team = game.teams[0]!;
    const challengeId = await createChallenge(admin, { type: 'RightWrong', max_score: 10, max_submissions: 4 });
    const sent = [];
    for (let i = 0; i < 4; i += 1) sent.push(await sendSubmission(t, { instanceId: game.instanceId, teamId: team.id, challengeId }));
    const others = [admin, await t.as('admin'), await t.as('admin'), await t.as('admin')];
    const answers = await Promise.all(sent.map((s, i) => others[i]!.post(url(s.id, 'approve'), {})));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    // The cap is 10 for the challenge: the first one sent gets it all.
    expect(await teamPoints(team.id)).toBe(10);
    expect((await submissionRow(sent[0]!.id))?.pointsAwarded).toBe(10);
  });
});

describe('GET /api/admin/submissions/:id/photo', () => {
  it('serves the stored photo with its type, and 404 when there is none', async () => {
    const game = await liveGameWithTeams(t, admin);
    const photo = new Uint8Array(jpeg(60));
    const mediaKey = await storePhoto(t.app.deps.media, game.instanceId, photo);
    const sub = await sendSubmission(t, { instanceId: game.instanceId, teamId: game.teams[0]!.id, challengeId: null, kind: 'photo', mediaKey });
    const list = await admin.get(`/api/admin/submissions?game=${game.gameCode}`);
    const photoUrl = list.json<{ submissions: ReviewSubmission[] }>().submissions[0]?.media_url;
    expect(photoUrl).toBe(`/api/admin/submissions/${sub.id}/media`);
    const res = await admin.get(photoUrl ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(new Uint8Array(res.rawPayload)).toEqual(photo);
    const text = await sendSubmission(t, { instanceId: game.instanceId, teamId: game.teams[0]!.id, challengeId: null });
    expect((await admin.get(`/api/admin/submissions/${text.id}/photo`)).json()).toEqual({ message: REVIEW_MESSAGES.noPhoto, code: 'not_found' });
    // A submission whose challenge was deleted can only be rejected.
    expect((await admin.post(url(sub.id, 'approve'), {})).json()).toEqual({ message: REVIEW_MESSAGES.noChallenge, code: 'conflict' });
    expect((await admin.post(url(sub.id, 'reject'), { reason: 'No challenge' })).statusCode).toBe(200);
  });
});
