import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startServer } from '../e2e/support/server';
import { freshPostgresDatabase } from '../support/fresh-postgres-database';
import { openClient } from '../../scripts/http-client';
import { bookingBody } from '../../scripts/booking-body';

/**
 * Issue 28 (the probe, 3 of 3): the app's PostgreSQL connections terminated in the middle of a stream of bookings
 * (a failover, a restart, a network drop) killed the process with "Unhandled 'error' event … terminating connection
 * due to administrator command". The process must live on: the writes in flight answer 503 with Retry-After, the next
 * ones succeed, and every booking it acknowledged is there. Build first: `npm run build`.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

let ipCounter = 0;
// One proxy hop (TRUST_PROXY=true): each request names its own address, so the per-address limits stay out of the way.
const fromIp = () => ({ 'x-forwarded-for': `10.1.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}` });

type Answer = { status: number; retryAfter: string | null; code?: string };

describe.skipIf(!serverUrl)('PostgreSQL connections terminated under booking load (needs TEST_DATABASE_URL)', { tags: ['postgres'] }, () => {
  it('keeps the process alive: writes in flight answer 503 with Retry-After, later ones succeed, no acknowledged booking is lost', async () => {
    const url = await freshPostgresDatabase('hatch_loss', cleanups);
    const server = await startServer({ DATABASE_URL: url, TRUST_PROXY: 'true' });
    cleanups.push(() => server.stop());
    let exitedWith: string | null = null;
    server.process.once('exit', (code, signal) => (exitedWith = `${code ?? ''} ${signal ?? ''}`));

    const acknowledged: string[] = [];
    const others: Answer[] = [];
    let stop = false;
    const worker = async () => {
      const client = await openClient(server.url, fromIp());
      while (!stop && exitedWith === null) {
        try {
          const res = await client.request('POST', '/api/bookings', bookingBody(), fromIp());
          if (res.status === 201) acknowledged.push(JSON.parse(res.body).booking.temp_code);
          else others.push({ status: res.status, retryAfter: res.headers.get('retry-after'), code: JSON.parse(res.body).code });
        } catch {
          // No answer at all: the process died (asserted below).
          others.push({ status: 0, retryAfter: null });
        }
      }
    };
    const workers = Array.from({ length: 6 }, worker);

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const waitFor = async (count: number) => {
      const deadline = Date.now() + 60_000;
      while (acknowledged.length < count && exitedWith === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    };
    let terminated = 0;
    for (let round = 1; round <= 5; round++) {
      await waitFor(acknowledged.length + 15);
      const res = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      terminated += res.rowCount ?? 0;
    }
    // After the last termination, bookings go through again.
    const afterLast = acknowledged.length;
    await waitFor(afterLast + 20);
    stop = true;
    await Promise.all(workers);

    expect(exitedWith, server.output().slice(-3000)).toBeNull();
    expect(server.process.exitCode).toBeNull();
    expect(terminated).toBeGreaterThanOrEqual(5);
    expect(acknowledged.length).toBeGreaterThanOrEqual(afterLast + 20);
    // Writes were in flight when their connections went, and what did not succeed was the outage, said as one: 503,
    // with when to try again.
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((o) => o.status !== 503 || o.retryAfter === null || o.code !== 'service_unavailable')).toEqual([]);
    expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaughtException/);

    // Every acknowledged booking is in the database.
    const stored = await admin.query<{ temp_code: string }>('select temp_code from bookings where temp_code = any($1)', [acknowledged]);
    expect(new Set(stored.rows.map((r) => r.temp_code))).toEqual(new Set(acknowledged));
    // And the process still answers a fresh visitor.
    const fresh = await openClient(server.url, fromIp());
    expect((await fresh.request('POST', '/api/bookings', bookingBody(), fromIp())).status).toBe(201);
  }, 240_000);
});
