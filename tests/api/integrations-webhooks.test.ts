import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../../src/server/platform/db/client';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { startReceiver, verifyStandardWebhook } from '../support/webhook-receiver';
import type { AdminCreateBookingInput } from '../../src/shared/api/admin-bookings';
import { createWebhookResponse, deliveriesResponse, webhooksResponse } from '../../src/shared/api/integrations';
import { createWebhookDispatcher, createWebhookSender } from '../../src/server/domains/integrations';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { DELIVERY_WINDOW_MS } from '../../src/shared/integrations/delivery';
import { createChallenge, liveGameWithTeams, sendSubmission } from '../support/game-fixtures';
import { CENTRE, north, playedGame } from '../support/hunt-fixtures';
import { endGame } from '../../src/server/domains/game/game-lifecycle';
import { queueDueResultsMails } from '../../src/server/domains/game/results-mails';

/**
 * Issue 39: signed webhooks delivered from the event outbox to a real HTTP receiver on loopback (so this file's app
 * allows private targets), on a clock the test moves.
 */
let t: TestApp;
let admin: Agent & { userId: number; email: string };
const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
const created: number[] = [];
// The job's clock starts at the real time in each test (the admin routes use the real time), then the test moves it.
let now = new Date();
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  admin = await t.as('admin');
});
beforeEach(() => {
  now = new Date();
});
afterEach(async () => {
  for (const id of created.splice(0)) await admin.delete(`/api/admin/webhooks/${id}`);
  for (const r of receivers.splice(0)) await r.close();
});
afterAll(async () => t.close());

const dispatcher = (timeoutMs = 2_000) =>
  createWebhookDispatcher({
    db: t.db,
    send: createWebhookSender({ allowPrivate: true, timeoutMs }),
    clock,
    timeoutMs,
    notice: { mail: t.app.deps.mail, baseUrl: 'https://hatch.example' },
  });

async function receiver(options: { delayMs?: number } = {}) {
  const r = await startReceiver(options);
  receivers.push(r);
  return r;
}

async function endpoint(url: string, events: string[]) {
  const res = await admin.post('/api/admin/webhooks', { url, events });
  expect(res.statusCode, res.body).toBe(201);
  const made = createWebhookResponse.parse(res.json());
  created.push(made.webhook.id);
  return made;
}

const booking = (email: string): AdminCreateBookingInput => ({
  players: 8,
  date: '2031-09-15',
  meeting_time: { hour: 14, minute: 30 },
  timezone: 'Europe/London',
  hosted: false,
  full_name: 'Webhook Booker',
  email,
  duration: 120,
  initial_area_radius: 1000,
  initial_area_lat: 51.5074,
  initial_area_lng: -0.1278,
  initial_area_id: null,
  booking_status: 'lead',
  plan_type: 'pro',
  add_ons: [],
  city: 'London',
});

async function newBooking(email = 'hook@example.test'): Promise<number> {
  const res = await admin.post('/api/admin/bookings', booking(email));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().booking.id;
}
async function pay(id: number) {
  const res = await admin.post(`/api/admin/bookings/${id}/payments`, { payment_type: 'card', payment_amount: 5_000 });
  expect(res.statusCode, res.body).toBe(201);
}
const deliveries = async (id: number) => deliveriesResponse.parse((await admin.get(`/api/admin/webhooks/${id}/deliveries`)).json());
const parsed = (body: string) => JSON.parse(body) as { type: string; timestamp: string; data: { booking?: { id: number; booking_status: string } } };

describe('webhook deliveries', () => {
  it('delivers a booking paid once, signed so the receiver verifies it by the Standard Webhooks algorithm', async () => {
    const r = await receiver();
    const hook = await endpoint(r.url, ['booking.paid']);
    const id = await newBooking();
    await pay(id);
    // Nothing is sent inside the request that made it true: only the job sends.
    expect(r.received).toHaveLength(0);
    await dispatcher().runOnce();
    expect(r.received).toHaveLength(1);
    const [got] = r.received;
    if (!got) throw new Error('nothing received');
    expect(verifyStandardWebhook(hook.secret, got.headers, got.body)).toBe(true);
    expect(verifyStandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got.headers, got.body)).toBe(false);
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    expect(got.headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    const body = parsed(got.body);
    expect(body).toMatchObject({ type: 'booking.paid', data: { booking: { id, booking_status: 'paid' } } });
    expect(Object.keys(body)).toEqual(['type', 'timestamp', 'data']);
    // Another run sends nothing more.
    await dispatcher().runOnce();
    expect(r.received).toHaveLength(1);
    const log = await deliveries(hook.webhook.id);
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({
      outcome: 'succeeded',
      response_code: 200,
      response_body: 'answered 200',
      status: 'succeeded',
      event_type: 'booking.paid',
    });
    expect(JSON.stringify(log)).not.toContain(hook.secret.slice(6));
  });

  it('retries a 500 after its wait: the receiver gets it twice with one webhook-id and the log shows both', async () => {
    const r = await receiver();
    r.answer(500);
    const hook = await endpoint(r.url, ['booking.created']);
    await newBooking('retry@example.test');
    await dispatcher().runOnce();
    expect(r.received).toHaveLength(1);
    let log = await deliveries(hook.webhook.id);
    expect(log.deliveries[0]).toMatchObject({ outcome: 'failed', response_code: 500, response_body: 'answered 500', status: 'retrying' });
    // Not due yet: nothing is sent.
    await dispatcher().runOnce();
    expect(r.received).toHaveLength(1);
    advance(6_000);
    await dispatcher().runOnce();
    expect(r.received).toHaveLength(2);
    expect(r.received[1]?.headers['webhook-id']).toBe(r.received[0]?.headers['webhook-id']);
    expect(r.received.every((got) => verifyStandardWebhook(hook.secret, got.headers, got.body))).toBe(true);
    log = await deliveries(hook.webhook.id);
    expect(log.deliveries.map((d) => [d.attempt, d.outcome, d.response_code])).toEqual([
      [2, 'succeeded', 200],
      [1, 'failed', 500],
    ]);
  });

  it("keeps a booking's events in order: a later event waits for the earlier one's retry", async () => {
    const r = await receiver();
    r.answer(503);
    await endpoint(r.url, ['booking.created', 'booking.paid']);
    const id = await newBooking('order@example.test');
    await pay(id);
    await dispatcher().runOnce();
    expect(r.received.map((g) => parsed(g.body).type)).toEqual(['booking.created']);
    advance(6_000);
    await dispatcher().runOnce();
    expect(r.received.map((g) => parsed(g.body).type)).toEqual(['booking.created', 'booking.created', 'booking.paid']);
  });

  it('replays one delivery, and everything since a time, with the same webhook-id, signed anew', async () => {
    const r = await receiver();
    const hook = await endpoint(r.url, ['booking.created']);
    const since = new Date(now.getTime() - 1_000).toISOString();
    await newBooking('replay-1@example.test');
    await newBooking('replay-2@example.test');
    await dispatcher().runOnce();
    expect(r.received).toHaveLength(2);
    const first = (await deliveries(hook.webhook.id)).deliveries.at(-1);
    advance(60_000);
    const replayed = await admin.post(`/api/admin/webhooks/${hook.webhook.id}/deliveries/${first?.id ?? 0}/replay`);
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json()).toEqual({ replayed: 1, webhook_ids: [first?.webhook_id] });
    await dispatcher().runOnce();
    expect(r.received).toHaveLength(3);
    const again = r.received[2];
    expect(again?.headers['webhook-id']).toBe(first?.webhook_id);
    expect(again?.body).toBe(r.received[0]?.body);
    expect(again?.headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(again && verifyStandardWebhook(hook.secret, again.headers, again.body)).toBe(true);

    const all = await admin.post(`/api/admin/webhooks/${hook.webhook.id}/replay`, { since });
    expect(all.json().replayed).toBe(2);
    await dispatcher().runOnce();
    expect(r.received.slice(3).map((g) => g.headers['webhook-id'])).toEqual(r.received.slice(0, 2).map((g) => g.headers['webhook-id']));
    expect((await admin.post('/api/admin/webhooks/999999/deliveries/1/replay')).statusCode).toBe(404);
  });

  it('gives a 410 as the end: the endpoint is disabled and staff are told in the activity log', async () => {
    const r = await receiver();
    r.answer(410);
    const hook = await endpoint(r.url, ['booking.created']);
    await newBooking('gone@example.test');
    await dispatcher().runOnce();
    const listed = webhooksResponse.parse((await admin.get('/api/admin/webhooks')).json()).webhooks.find((w) => w.id === hook.webhook.id);
    expect(listed).toMatchObject({ status: 'disabled' });
    expect(listed?.disabled_reason).toContain('410');
    const told = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, String(hook.webhook.id)));
    expect(told.some((a) => a.action === 'webhook.disabled' && a.entityType === 'webhook')).toBe(true);
    const mailed = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'webhook.disabled'))).filter((m) => m.text.includes(r.url));
    expect(mailed).toHaveLength(1);
    expect(mailed[0]?.to).toContain(admin.email);
    expect(mailed[0]?.text).toContain('https://hatch.example/admin/settings/integrations');
    // Disabled, nothing more is sent; re-enabled, the queue flows again.
    await newBooking('gone-2@example.test');
    await dispatcher().runOnce();
    expect(r.received).toHaveLength(1);
    expect((await admin.patch(`/api/admin/webhooks/${hook.webhook.id}`, { enabled: true })).statusCode).toBe(200);
    await dispatcher().runOnce();
    expect(r.received.map((g) => parsed(g.body).type)).toEqual(['booking.created', 'booking.created']);
  });

  it('retries with growing waits for 72 hours then gives up; failing 5 days in a row disables the endpoint', async () => {
    const r = await receiver();
    r.answer(...Array.from({ length: 40 }, () => 500));
    const hook = await endpoint(r.url, ['booking.created']);
    await newBooking('failing@example.test');
    const start = now.getTime();
    const gaps: number[] = [];
    for (let i = 0; i < 30; i++) {
      const before = r.received.length;
      await dispatcher().runOnce();
      const log = await deliveries(hook.webhook.id);
      const latest = log.deliveries[0];
      if (latest?.status === 'failed') break;
      if (r.received.length > before && latest?.next_attempt_at) {
        gaps.push(new Date(latest.next_attempt_at).getTime() - now.getTime());
        now = new Date(latest.next_attempt_at);
      }
    }
    const log = await deliveries(hook.webhook.id);
    expect(log.deliveries[0]?.status).toBe('failed');
    expect(now.getTime() - start).toBeLessThanOrEqual(DELIVERY_WINDOW_MS);
    expect(now.getTime() - start).toBeGreaterThan(DELIVERY_WINDOW_MS - 11 * 3_600_000);
    expect(gaps.slice(0, 5)).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000]);
    expect(log.deliveries.length).toBe(r.received.length);
    // Still failing five days after its first failure: disabled.
    advance(5 * 24 * 3_600_000 - (now.getTime() - start));
    expect((await admin.post(`/api/admin/webhooks/${hook.webhook.id}/test`)).statusCode).toBe(200);
    await dispatcher().runOnce();
    const listed = webhooksResponse.parse((await admin.get('/api/admin/webhooks')).json()).webhooks.find((w) => w.id === hook.webhook.id);
    expect(listed?.status).toBe('disabled');
    expect(listed?.disabled_reason).toContain('5 days');
  });

  it('signs with the old and the new secret during a roll’s overlap, then with the new one alone', async () => {
    const r = await receiver();
    const hook = await endpoint(r.url, ['booking.created']);
    const rolled = await admin.post(`/api/admin/webhooks/${hook.webhook.id}/roll-secret`, { overlap_hours: 24 });
    expect(rolled.statusCode, rolled.body).toBe(200);
    const fresh: string = rolled.json().secret;
    expect(fresh).not.toBe(hook.secret);
    await newBooking('roll@example.test');
    await dispatcher().runOnce();
    const during = r.received[0];
    if (!during) throw new Error('nothing received');
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyStandardWebhook(hook.secret, during.headers, during.body)).toBe(true);
    expect(verifyStandardWebhook(fresh, during.headers, during.body)).toBe(true);
    advance(25 * 3_600_000);
    await newBooking('roll-2@example.test');
    await dispatcher().runOnce();
    const after = r.received[1];
    if (!after) throw new Error('nothing received');
    expect(verifyStandardWebhook(hook.secret, after.headers, after.body)).toBe(false);
    expect(verifyStandardWebhook(fresh, after.headers, after.body)).toBe(true);
  });

  it('sends a test event on request', async () => {
    const r = await receiver();
    const hook = await endpoint(r.url, ['game.started']);
    const res = await admin.post(`/api/admin/webhooks/${hook.webhook.id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    // The job's clock stood still while the request ran on the real one.
    advance(1_000);
    await dispatcher().runOnce();
    expect(r.received).toHaveLength(1);
    expect(r.received[0]?.headers['webhook-id']).toBe(res.json().webhook_id);
    expect(parsed(r.received[0]?.body ?? '{}').type).toBe('webhook.test');
  });

  it('lets a slow receiver hold up only itself', async () => {
    const slow = await receiver({ delayMs: 1_500 });
    const fast = await receiver();
    const slowHook = await endpoint(slow.url, ['booking.created']);
    await endpoint(fast.url, ['booking.created']);
    await newBooking('slow@example.test');
    const started = Date.now();
    await dispatcher(800).runOnce();
    expect(fast.received).toHaveLength(1);
    expect((fast.received[0]?.at ?? Infinity) - started).toBeLessThan(700);
    const log = await deliveries(slowHook.webhook.id);
    expect(log.deliveries[0]).toMatchObject({ outcome: 'failed', response_code: null, status: 'retrying' });
    expect(log.deliveries[0]?.error).toContain('timed out');
  });

  it("reports a booking's life in order: created, paid with its invoice, refunded with its credit note", async () => {
    expect(
      (await admin.put('/api/admin/invoice-settings', { seller_name: 'Hatch Events Ltd', seller_address: '1 Market Street', vat_number: '', vat_rate: 20 }))
        .statusCode,
    ).toBe(200);
    const r = await receiver();
    const hook = await endpoint(r.url, ['booking.created', 'booking.paid', 'booking.refunded', 'invoice.issued', 'booking.changed']);
    const id = await newBooking('life@example.test');
    const paid = await admin.post(`/api/admin/bookings/${id}/payments`, { payment_type: 'card', payment_amount: 5_000 });
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId: number = paid.json().booking.booking_payments[0].id;
    const refunded = await admin.post(`/api/admin/bookings/${id}/payments/${paymentId}/refund`, { amount: 1_000, reason: 'Two players fewer' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    for (let i = 0; i < 5; i++) await dispatcher().runOnce();
    const bodies = r.received.map(
      (g) => JSON.parse(g.body) as { type: string; data: { booking?: { id: number }; booking_id?: number; invoice?: { kind: string } } },
    );
    expect(bodies.map((b) => (b.type === 'invoice.issued' ? `invoice.issued:${b.data.invoice?.kind ?? ''}` : b.type))).toEqual([
      'booking.created',
      'booking.paid',
      'invoice.issued:invoice',
      'booking.refunded',
      'invoice.issued:credit_note',
    ]);
    expect(bodies.every((b) => (b.data.booking?.id ?? b.data.booking_id) === id)).toBe(true);
    expect(r.received.every((got) => verifyStandardWebhook(hook.secret, got.headers, got.body))).toBe(true);
  });

  it('reports a cancellation with its refund', async () => {
    const r = await receiver();
    await endpoint(r.url, ['booking.paid', 'booking.refunded', 'booking.cancelled']);
    const id = await newBooking('cancel@example.test');
    const paid = await admin.post(`/api/admin/bookings/${id}/payments`, { payment_type: 'card', payment_amount: 5_000 });
    const paymentId: number = paid.json().booking.booking_payments[0].id;
    const res = await admin.post(`/api/admin/bookings/${id}/payments/${paymentId}/refund`, {
      amount: 4_000,
      reason: 'Cancelled, fee kept',
      purpose: 'cancellation',
    });
    expect(res.statusCode, res.body).toBe(201);
    for (let i = 0; i < 3; i++) await dispatcher().runOnce();
    const bodies = r.received.map((g) => JSON.parse(g.body) as { type: string; data: { booking: { booking_status: string } } });
    expect(bodies.map((b) => b.type)).toEqual(['booking.paid', 'booking.refunded', 'booking.cancelled']);
    expect(bodies[2]?.data.booking.booking_status).toBe('cancelled');
  });

  it('reports the live game: started, a submission reviewed, ended, and its results final', async () => {
    const r = await receiver();
    await endpoint(r.url, ['game.started', 'submission.reviewed', 'game.ended', 'results.final']);
    const game = await liveGameWithTeams(t, admin);
    const challengeId = await createChallenge(admin, { type: 'Rating', max_score: 10 });
    const sub = await sendSubmission(t, { instanceId: game.instanceId, teamId: game.teams[0]?.id ?? 0, challengeId });
    expect((await admin.post(`/api/admin/submissions/${sub.id}/reject`, { reason: 'Blurry photo' })).statusCode).toBe(200);
    await endGame(t.db, { gameId: game.gameId, actorId: admin.userId, bookingId: game.booking.id, by: 'staff' });
    await queueDueResultsMails(t.db, { mail: t.app.deps.mail, baseUrl: 'https://hatch.example' });
    await dispatcher().runOnce();
    for (let i = 0; i < 4; i++) await dispatcher().runOnce();
    const bodies = r.received.map(
      (g) => JSON.parse(g.body) as { type: string; data: { game?: { code: string }; game_id?: number; submission?: { status: string } } },
    );
    expect(bodies.map((b) => b.type)).toEqual(['game.started', 'submission.reviewed', 'game.ended', 'results.final']);
    expect(bodies[1]?.data.submission?.status).toBe('rejected');
    expect(bodies[3]?.data.game?.code).toBe(game.gameCode);
  });

  it('reports the Chicken found', async () => {
    const r = await receiver();
    await endpoint(r.url, ['chicken.found']);
    const g = await playedGame(t, admin, { teams: ['Foxes'] });
    const [fox] = g.members;
    if (!fox) throw new Error('no player');
    const code = (await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/chicken`, headers: g.chicken.headers })).json().found_code;
    await g.send(fox, north(5));
    await g.send(g.chicken, CENTRE);
    const at = new Date().toISOString();
    const found = await g.visitor.post(`/api/play/${g.gameCode}/found-chicken`, { code, position: { ...north(5), accuracy: 8, at } }, fox.headers);
    expect(found.statusCode, found.body).toBe(201);
    await dispatcher().runOnce();
    expect(r.received.map((got) => JSON.parse(got.body))).toEqual([
      expect.objectContaining({
        type: 'chicken.found',
        data: expect.objectContaining({
          booking_id: g.booking.id,
          game: { id: g.gameId, code: g.gameCode },
          find: expect.objectContaining({ team_name: 'Foxes', order: 1 }),
        }),
      }),
    ]);
  });

  it('refuses link-local and metadata targets even when private ones are allowed', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://[fe80::1]/hook']) {
      const res = await admin.post('/api/admin/webhooks', { url, events: ['booking.paid'] });
      expect(res.statusCode, url).toBe(422);
    }
  });
});

/** A second pool on this file's PostgreSQL database (null on the embedded one). */
async function secondConnection() {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return null;
  const result = await t.db.execute(sql`select current_database() as name`);
  const name = z.object({ rows: z.array(z.object({ name: z.string() })) }).parse(result).rows[0]?.name;
  const url = new URL(server);
  url.pathname = `/${name ?? ''}`;
  return openDatabase({ url: url.toString(), poolSize: 4 });
}

describe('two job runners', { tags: ['postgres'] }, () => {
  it('never send one event twice', async () => {
    const r = await receiver({ delayMs: 20 });
    await endpoint(r.url, ['booking.created']);
    for (let i = 0; i < 12; i++) await newBooking(`twice-${i}@example.test`);
    // On a PostgreSQL server the second runner has its own pool of connections, as a second process would; the
    // embedded database has one connection, so there the two interleave on it.
    const second = await secondConnection();
    try {
      const a = dispatcher();
      const b = createWebhookDispatcher({
        db: second?.db ?? t.db,
        send: createWebhookSender({ allowPrivate: true, timeoutMs: 2_000 }),
        clock,
        timeoutMs: 2_000,
      });
      await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      await Promise.all([a.runOnce(), b.runOnce()]);
      const ids = r.received.map((g) => g.headers['webhook-id']);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
      // Each booking's one event, each logged once.
      const log = await deliveries(created.at(-1) ?? 0);
      expect(log.deliveries).toHaveLength(12);
    } finally {
      await second?.close();
    }
  });
});
