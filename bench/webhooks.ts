/**
 * Webhooks fanned out (issue 39, decision 0560): EVENTS events recorded in the outbox, about BOOKINGS bookings, each
 * delivered to ENDPOINTS loopback receivers by the delivery job as the server runs it (ticked every second), one receiver
 * slow (answers after SLOW_MS, past the 5 s timeout) and one failing (500). Measured: for the healthy receivers, the
 * delay from an event's commit to its arrival (p50/p99), and how long until they all had everything; meanwhile, the
 * round trip of a NOTIFY to a LISTENing connection (the path a live game's events take to the phones, game-events.ts)
 * beside the same figure before the run, as the game's delivery delay.
 *
 * `npm run bench -- webhooks`, or alone: `npx tsx bench/webhooks.ts postgres://…/an_empty_database`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { openDatabase } from '../src/server/platform/db/client';
import { recordEvent } from '../src/server/platform/event-outbox';
import { webhookEndpoints } from '../src/server/domains/integrations/tables/integrations';
import { createWebhookDispatcher, createWebhookSender } from '../src/server/domains/integrations';
import { newWebhookSecret } from '../src/server/domains/integrations/webhook-signing';
import { bookingSubject } from '../src/shared/integrations/events';
import { round } from './load';
import { summary } from './stats';

export type WebhookShape = { events: number; bookings: number; endpoints: number; slowMs: number };
/** The figure: 1,000 events to 10 endpoints, one slow (5 s) and one failing. */
export const FAN_OUT: WebhookShape = { events: 1_000, bookings: 100, endpoints: 10, slowMs: 5_000 };
const TIMEOUT_MS = 5_000;
const TICK_MS = 1_000;
const GIVE_UP_MS = 180_000;

type Receiver = { url: string; arrivals: number[]; close: () => Promise<void> };

async function receiver(kind: 'healthy' | 'slow' | 'failing', slowMs: number, arrivals: Map<string, number>): Promise<Receiver> {
  const seen: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const at = Date.now();
      const sent = Number((JSON.parse(body) as { data: { recorded_at?: number } }).data.recorded_at);
      if (kind === 'healthy') {
        seen.push(at - sent);
        arrivals.set(String(req.headers['webhook-id']), at);
      }
      const answer = () => res.writeHead(kind === 'failing' ? 500 : 200).end('ok');
      if (kind === 'slow') setTimeout(answer, slowMs).unref();
      else answer();
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrivals: seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** NOTIFY → LISTEN round trips for `ms`, one every 50 ms: how fast a live game's event reaches the hub. */
async function notifyRoundTrips(url: string, ms: number): Promise<number[]> {
  const listener = new pg.Client({ connectionString: url });
  const sender = new pg.Client({ connectionString: url });
  await Promise.all([listener.connect(), sender.connect()]);
  await listener.query('listen bench_game_events');
  const trips: number[] = [];
  listener.on('notification', (n) => trips.push(performance.now() - Number(n.payload)));
  const end = Date.now() + ms;
  while (Date.now() < end) {
    await sender.query(`select pg_notify('bench_game_events', $1)`, [String(performance.now())]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  await Promise.all([listener.end(), sender.end()]);
  return trips;
}

export async function benchWebhooks(url: string, shape: WebhookShape = FAN_OUT) {
  const database = await openDatabase({ url, poolSize: 10 });
  await database.migrate();
  const { db } = database;
  const arrivals = new Map<string, number>();
  const kinds = Array.from({ length: shape.endpoints }, (_, i) => (i === 0 ? 'slow' : i === 1 ? 'failing' : 'healthy') as 'healthy' | 'slow' | 'failing');
  const receivers = await Promise.all(kinds.map((k) => receiver(k, shape.slowMs, arrivals)));
  const dispatcher = createWebhookDispatcher({ db, send: createWebhookSender({ allowPrivate: true, timeoutMs: TIMEOUT_MS }), timeoutMs: TIMEOUT_MS });
  try {
    await db
      .insert(webhookEndpoints)
      .values(
        receivers.map((r) => ({ url: r.url, events: ['booking.changed' as const], secret: newWebhookSecret(), createdAt: new Date(Date.now() - 60_000) })),
      );
    const gameIdle = await notifyRoundTrips(url, 3_000);
    const started = Date.now();
    // The events commit at their own pace, as bookings change, while the job runs.
    const recording = (async () => {
      for (let i = 0; i < shape.events; i++) {
        await recordEvent(db, { type: 'booking.changed', subject: bookingSubject(1 + (i % shape.bookings)), data: { version: 1, recorded_at: Date.now() } });
      }
    })();
    const timer = setInterval(() => void dispatcher.tick().catch(() => undefined), TICK_MS);
    const healthy = receivers.filter((_, i) => kinds[i] === 'healthy');
    const expected = shape.events * healthy.length;
    const gameDuring = notifyRoundTrips(url, 8_000);
    await recording;
    while (healthy.reduce((n, r) => n + r.arrivals.length, 0) < expected && Date.now() - started < GIVE_UP_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const allDeliveredMs = Date.now() - started;
    clearInterval(timer);
    const during = await gameDuring;
    await dispatcher.stop();
    const delays = healthy.flatMap((r) => r.arrivals);
    return {
      shape,
      healthy_endpoints: healthy.length,
      delivered_to_healthy: delays.length,
      expected_to_healthy: expected,
      healthy_delay: summary(delays),
      all_healthy_delivered_ms: allDeliveredMs,
      game_notify_idle: summary(gameIdle),
      game_notify_during: summary(during),
      note: `job ticked every ${round(TICK_MS / 1000)} s as in serve.ts; slow receiver answers after ${shape.slowMs} ms (timeout ${TIMEOUT_MS} ms)`,
    };
  } finally {
    await Promise.all(receivers.map((r) => r.close()));
    await database.close();
  }
}

if (process.argv[1]?.endsWith('webhooks.ts') && process.argv[2]) {
  benchWebhooks(process.argv[2])
    .then((result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    });
}
