import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/platform/config';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { serve, type Serving } from '../../src/server/serve';
import { openClient } from '../../scripts/http-client';
import { createTestApp } from '../support/test-app';
import { openTestDatabase, type TestDatabase } from '../support/test-database';
import { createPaidBooking } from '../support/fixtures';
import { openSse, type SseStream } from '../support/sse';

/**
 * Issue 30, contract "Running it as a service": GET /metrics in the Prometheus text format, only with the bearer
 * token (401 without or with a wrong one, 404 with none configured), scraped from a server started as `npm start`
 * starts it (serve.ts: the app, the mail queue, the periodic jobs), over HTTP.
 */
const TOKEN = 'metrics-token-for-the-api-test';
const ADMIN = { email: 'metrics-admin@hatch.test', password: 'metrics staff passphrase' };
let database: TestDatabase;
let serving: Serving;
let base: string;
let dataDir: string;
const opened: SseStream[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'hatch-metrics-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    TEST_PASSWORD_COST: 'low',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    METRICS_TOKEN: TOKEN,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  serving = await serve({ config, database, webRoot: '/nonexistent-web-root', logger: false });
  base = serving.address;
});
afterAll(async () => {
  for (const s of opened) s.close();
  await serving.close();
  await database.release();
  rmSync(dataDir, { recursive: true, force: true });
});

const scrape = async () => {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return res.text();
};

/** The value of one series (name and exact labels as written), or undefined. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('who may scrape', () => {
  it('refuses a missing, malformed or wrong token with 401 and gives nothing away', async () => {
    for (const authorization of [undefined, 'Bearer', `Basic ${TOKEN}`, 'Bearer wrong-token-of-some-length', `Bearer ${TOKEN}x`]) {
      const res = await fetch(`${base}/metrics`, { headers: authorization === undefined ? {} : { authorization } });
      expect({ authorization, status: res.status }).toEqual({ authorization, status: 401 });
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.json()).toEqual({ message: 'Unauthenticated', code: 'unauthenticated' });
    }
  });

  it('is off (404, not the SPA page) when METRICS_TOKEN is not set', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    } finally {
      await t.close();
    }
  });

  it('refuses a METRICS_TOKEN too short to be a secret at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

describe('a scrape', () => {
  it('counts requests by route pattern (never the raw URL) and status, and times them', async () => {
    const { gameCode } = await createPaidBooking(database.db, { players: 6 });
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/api/play/${gameCode}`)).status).toBe(200);
    expect((await fetch(`${base}/api/play/NOSUCHGAME1`)).status).toBe(404);
    expect((await fetch(`${base}/some/page/of/the/spa`)).status).toBe(200);
    const text = await scrape();
    expect(valueOf(text, 'hatch_http_request_duration_seconds_count{method="GET",route="/api/play/:code",status="200"}')).toBeGreaterThanOrEqual(3);
    expect(valueOf(text, 'hatch_http_request_duration_seconds_count{method="GET",route="/api/play/:code",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'hatch_http_request_duration_seconds_count{method="GET",route="unmatched",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^hatch_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/play\/:code",status="200"\} \d+$/m);
    expect(text).not.toContain(gameCode);
    expect(text).not.toContain('NOSUCHGAME1');
    expect(text).not.toContain('/some/page');
    // Node's own figures come along.
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('shows open event streams and the game events heard and delivered; the streams are not in the request durations', async () => {
    const { gameCode } = await createPaidBooking(database.db, { players: 6 });
    const visitor = await openClient(base);
    const joined = await visitor.json<{ token: string }>('POST', `/api/play/${gameCode}/join`, { name: 'Ann' });
    expect(joined.status).toBe(201);
    const before = await scrape();
    const stream = await openSse(`${base}/api/play/${gameCode}/stream`, { 'x-player-token': joined.data.token });
    opened.push(stream);
    expect(stream.status).toBe(200);
    expect(valueOf(await scrape(), 'hatch_event_streams_open')).toBe(1);

    expect((await (await openClient(base)).json('POST', `/api/play/${gameCode}/join`, { name: 'Bo' })).status).toBe(201);
    await stream.next((e) => e.event === 'player' && e.data.includes('Bo'));
    const after = await scrape();
    const published = (text: string) => valueOf(text, 'hatch_game_events_published_total{type="player"}') ?? 0;
    const delivered = (text: string) => valueOf(text, 'hatch_game_events_delivered_total{type="player"}') ?? 0;
    expect(published(after) - published(before)).toBeGreaterThanOrEqual(1);
    expect(delivered(after) - delivered(before)).toBe(1);
    expect(after).not.toContain('route="/api/play/:code/stream"');

    stream.close();
    await expect.poll(async () => valueOf(await scrape(), 'hatch_event_streams_open')).toBe(0);
  });

  it('shows the mail outbox backlog and the age of its oldest waiting mail', async () => {
    const empty = await scrape();
    expect(valueOf(empty, 'hatch_mail_outbox_waiting')).toBe(0);
    expect(valueOf(empty, 'hatch_mail_outbox_oldest_seconds')).toBe(0);
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await database.db.insert(mailOutbox).values([
      { to: 'a@hatch.test', subject: 'Waiting', text: '.', kind: 'test', status: 'pending', createdAt: tenMinutesAgo },
      { to: 'b@hatch.test', subject: 'Retrying', text: '.', kind: 'test', status: 'retry' },
      { to: 'c@hatch.test', subject: 'Gave up', text: '.', kind: 'test', status: 'failed' },
      // Kept on purpose (no SMTP), or held by the recipient cap: not a backlog.
      { to: 'd@hatch.test', subject: 'Stored', text: '.', kind: 'test', status: 'stored', createdAt: new Date(Date.now() - 86_400_000) },
      { to: 'e@hatch.test', subject: 'Held', text: '.', kind: 'test', status: 'held' },
    ]);
    const text = await scrape();
    expect(valueOf(text, 'hatch_mail_outbox_waiting')).toBe(2);
    expect(valueOf(text, 'hatch_mail_outbox_oldest_seconds')).toBeGreaterThanOrEqual(600);
    expect(valueOf(text, 'hatch_mail_outbox_oldest_seconds')).toBeLessThan(3_600);
    expect(valueOf(text, 'hatch_mail_outbox_failed')).toBe(1);
  });

  it('shows each periodic job, failed staff logins, and the database pool on PostgreSQL', async () => {
    const text = await scrape();
    for (const job of ['ending due games', 'shrinking game areas', 'queueing results mails', 'maintenance']) {
      expect(valueOf(text, `hatch_job_lag_seconds{job="${job}"}`)).toBe(0);
      expect(valueOf(text, `hatch_job_last_run_timestamp_seconds{job="${job}"}`)).toBeDefined();
      expect(valueOf(text, `hatch_job_last_success_timestamp_seconds{job="${job}"}`)).toBeDefined();
    }

    const staff = await openClient(base);
    const failed = (t: string) => valueOf(t, 'hatch_logins_failed_total{reason="invalid_credentials"}') ?? 0;
    expect((await staff.json('POST', '/api/auth/login', { email: ADMIN.email, password: 'not the passphrase' })).status).toBe(401);
    expect((await staff.json('POST', '/api/auth/login', { email: 'nobody@hatch.test', password: 'not the passphrase' })).status).toBe(401);
    expect(failed(await scrape()) - failed(text)).toBe(2);
    expect((await staff.json('POST', '/api/auth/login', ADMIN)).status).toBe(200);
    expect(failed(await scrape()) - failed(text)).toBe(2);

    if (database.driver === 'postgres') {
      const pool = await scrape();
      expect(valueOf(pool, 'hatch_db_pool_in_use')).toBeGreaterThanOrEqual(0);
      expect(valueOf(pool, 'hatch_db_pool_waiting')).toBe(0);
      expect(valueOf(pool, 'hatch_db_pool_size')).toBeGreaterThanOrEqual(1);
    } else {
      // The embedded database has one connection and no pool.
      expect(await scrape()).not.toContain('hatch_db_pool_');
    }
  });
});
