import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking, startableSchedule } from '../support/fixtures';
import { createChallenge, sendSubmission } from '../support/game-fixtures';
import { jpeg } from '../support/photo-fixtures';
import { gameInstances, playerPositions, players, submissions } from '../../src/server/domains/game/tables/games';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { PLAYER_TOKEN_HEADER } from '../../src/shared/api/play';
import { retentionMetrics, runRetention, type RetentionOutcome } from '../../src/server/domains/privacy';
import { gameRetention } from '../../src/server/domains/game';
import { bookingRetention } from '../../src/server/domains/booking';
import { PRIVACY_MESSAGES } from '../../src/shared/api/privacy';

/**
 * Retention (issue 41, decision 0570): with the clock moved, the daily job deletes positions N days and media M days
 * after a game's end, and leads that never booked after L months, once a day however many processes run it at once,
 * counting what it deleted in the metrics; a game that ended later keeps everything. Both drivers (tagged postgres):
 * on PostgreSQL the two runs are two connections racing, as two processes would.
 */
let t: TestApp;
let admin: Agent;
let dataDir: string;
const ENDED = new Date('2030-01-01T12:00:00Z');
const LATER = new Date('2031-06-01T12:00:00Z');
const day = (n: number) => new Date(ENDED.getTime() + n * 24 * 60 * 60 * 1000);

type Played = { playerId: number; mediaKey: string; submissionId: number; instanceId: number };
let old: Played;
let recent: Played;
let leadId = 0;
let deleted: ReturnType<typeof retentionMetrics>;

/** A game played through the real calls (join, start, a position), a photo answered and approved, then ended at `endedAt`. */
async function playedAndEnded(endedAt: Date, n: number): Promise<Played> {
  const { booking, gameCode, gameId } = await createPaidBooking(t.db, startableSchedule());
  const visitor = await t.visitor();
  const joined = await visitor.post(`/api/play/${gameCode}/join`, { name: `Player ${n}`, team_name: 'Foxes' });
  const { token, player } = joined.json<{ token: string; player: { id: number } }>();
  expect((await admin.post(`/api/admin/bookings/${booking.id}/start-game`)).statusCode).toBe(200);
  expect((await visitor.post(`/api/play/${gameCode}/positions`, { lat: 51.5074, lng: -0.1278 }, { [PLAYER_TOKEN_HEADER]: token })).statusCode).toBe(204);
  const [instance] = await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, gameId));
  const [row] = await t.db.select().from(players).where(eq(players.id, player.id));
  if (!instance || !row?.teamId) throw new Error('no live game');
  const mediaKey = `games/${instance.id}/${crypto.randomUUID()}.jpg`;
  await t.app.deps.media.put(mediaKey, jpeg(1_100 + n, n), 'image/jpeg');
  const challengeId = await createChallenge(admin, { type: 'RightWrong', max_score: 5, name: `Photo ${n}` });
  const answer = await sendSubmission(t, { instanceId: instance.id, teamId: row.teamId, challengeId, kind: 'photo', mediaKey, playerId: player.id });
  expect((await admin.post(`/api/host/games/${gameCode}/submissions/${answer.id}/approve`, {})).statusCode).toBe(200);
  await t.db.update(gameInstances).set({ status: 'ended', endTime: endedAt }).where(eq(gameInstances.id, instance.id));
  return { playerId: player.id, mediaKey, submissionId: answer.id, instanceId: instance.id };
}

const run = (now: Date) => runRetention({ db: t.db, media: t.app.deps.media, deleted }, [gameRetention, bookingRetention], now);
const positionsOf = async (p: Played) => (await t.db.select().from(playerPositions).where(eq(playerPositions.playerId, p.playerId))).length;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hatch-retention-'));
  t = await createTestApp({ DATA_DIR: dataDir, METRICS_TOKEN: 'retention-metrics' });
  admin = await t.as('admin');
  deleted = retentionMetrics(t.app.deps.metrics);
  old = await playedAndEnded(ENDED, 1);
  recent = await playedAndEnded(LATER, 2);
  const lead = await createBooking(t.db, { bookingStatus: 'enquiry', email: 'old.lead@example.test', fullName: 'Olga Lead' });
  await t.db
    .update(bookings)
    .set({ createdAt: new Date('2027-06-01T00:00:00Z') })
    .where(eq(bookings.id, lead.id));
  leadId = lead.id;
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the retention job', { tags: ['postgres'] }, () => {
  it('has settings with defaults staff may change, within bounds', async () => {
    const res = await admin.get('/api/admin/privacy/settings');
    expect(res.json()).toEqual({ settings: { positions_days: 30, media_days: 90, lead_months: 24, contact_name: '', contact_email: '' } });
    const bad = await admin.put('/api/admin/privacy/settings', { positions_days: 0, media_days: 90, lead_months: 24, contact_name: '', contact_email: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ positions_days: [PRIVACY_MESSAGES.days], contact_email: [PRIVACY_MESSAGES.contactEmail] });
    const saved = await admin.put('/api/admin/privacy/settings', {
      positions_days: 30,
      media_days: 90,
      lead_months: 24,
      contact_name: 'Hatch Privacy',
      contact_email: 'privacy@hatch.test',
    });
    expect(saved.statusCode).toBe(200);
  });

  it('deletes nothing before the days are up', async () => {
    const first = await run(day(10));
    expect(first).toEqual({ ran: true, counts: { 'game.positions': 0, 'game.media': 0, 'bookings.leads': 1 } });
    expect(await positionsOf(old)).toBe(1);
    const [lead] = await t.db.select().from(bookings).where(eq(bookings.id, leadId));
    expect(lead?.email).toBe(`erased-lead-${leadId}@erased.invalid`);
    expect(lead?.fullName).toBe('Erased');
  });

  it('drops the positions after N days, once however many run it at once', async () => {
    const runs: RetentionOutcome[] = await Promise.all([run(day(31)), run(day(31)), run(day(31))]);
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
    expect(runs.find((r) => r.ran)?.counts).toEqual({ 'game.positions': 1, 'game.media': 0, 'bookings.leads': 0 });
    expect(await positionsOf(old)).toBe(0);
    expect(await positionsOf(recent)).toBe(1);
    expect(await t.app.deps.media.open(old.mediaKey)).not.toBeNull();
    expect((await run(day(31))).ran).toBe(false);
  });

  it('deletes the media after M days, keeping the answers and their points, and counts it all in the metrics', async () => {
    const [a, b] = await Promise.all([run(day(91)), run(day(91))]);
    expect([a?.ran, b?.ran].filter(Boolean)).toHaveLength(1);
    expect((a?.ran ? a : b)?.counts['game.media']).toBe(1);
    expect(await t.app.deps.media.open(old.mediaKey)).toBeNull();
    expect(await t.app.deps.media.open(recent.mediaKey)).not.toBeNull();
    const answers = await t.db
      .select()
      .from(submissions)
      .where(inArray(submissions.id, [old.submissionId, recent.submissionId]));
    expect(answers.find((s) => s.id === old.submissionId)).toMatchObject({ mediaKey: null, status: 'approved', pointsAwarded: 5 });
    expect(answers.find((s) => s.id === recent.submissionId)?.mediaKey).toBe(recent.mediaKey);

    const metrics = await (await t.visitor()).inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer retention-metrics' } });
    expect(metrics.body).toContain('hatch_retention_deleted_total{kind="game.positions"} 1');
    expect(metrics.body).toContain('hatch_retention_deleted_total{kind="game.media"} 1');
    expect(metrics.body).toContain('hatch_retention_deleted_total{kind="bookings.leads"} 1');
  });
});
