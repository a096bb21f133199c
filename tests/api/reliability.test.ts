import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase, type Database } from '../../src/server/platform/db/client';
import { seedReferenceData } from '../../src/server/seed/seed';
import { bookings, contactHistory } from '../../src/server/domains/booking/tables/bookings';
import { idempotencyKeys } from '../../src/server/platform/db/tables';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { users } from '../../src/server/domains/identity/tables/users';
import { hashPassword } from '../../src/server/platform/crypto';
import { createBooking } from '../support/fixtures';
import { LEAD_STATUSES } from '../../src/shared/api/booking';
import { bookingBody } from '../../scripts/booking-body';
import { databaseFingerprint, diffFingerprints } from '../support/db-fingerprint';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { createTestApp, readCsrfMeta, TEST_PASSWORD, type TestApp } from '../support/test-app';

/**
 * Issue 8, reliability under concurrency and faults (docs/SECURITY.md, "Reliability"). Runs on PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL is set (CI's second pass), where the concurrency is real.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('idempotent booking creation', { tags: ['postgres'] }, () => {
  it('creates one booking for 100 concurrent POST /api/bookings with one Idempotency-Key, and gives all of them its answer', async () => {
    const agent = await t.visitor();
    const body = bookingBody();
    const key = `proof-${randomBytes(8).toString('hex')}`;
    const answers = await Promise.all(Array.from({ length: 100 }, () => agent.post('/api/bookings', body, { 'idempotency-key': key })));
    const statuses = answers.map((r) => r.statusCode);
    // A duplicate that arrives while the first is still being written may be asked to retry (409); none may create a second booking.
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const created = answers.filter((r) => r.statusCode === 201).map((r) => r.json<{ booking: { id: number; temp_code: string } }>().booking);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((b) => b.id)).size).toBe(1);
    expect(new Set(created.map((b) => b.temp_code)).size).toBe(1);
    const rows = await t.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.email, String(body.email)));
    expect(rows).toHaveLength(1);
    // A retry after the fact replays the same answer.
    const retry = await agent.post('/api/bookings', body, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().booking.id).toBe(created[0]?.id);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  }, 60_000);

  it('refuses a reused key with another body, and a key reused by another visitor, creating nothing', async () => {
    const agent = await t.visitor();
    const key = `proof-${randomBytes(8).toString('hex')}`;
    const first = await agent.post('/api/bookings', bookingBody(), { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const before = await databaseFingerprint(t.db);
    const other = await agent.post('/api/bookings', bookingBody({ players: 9 }), { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(Object.keys(other.json().errors ?? {})).toContain('idempotency_key');
    const stranger = await (await t.visitor()).post('/api/bookings', bookingBody(), { 'idempotency-key': key });
    expect(stranger.statusCode).toBe(422);
    expect(diffFingerprints(before, await databaseFingerprint(t.db))).toEqual([]);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1);
  });
});

describe('concurrent staff edits', { tags: ['postgres'] }, () => {
  it('applies 50 concurrent lead-status changes one after another, each in the history, none lost', async () => {
    const admins = await Promise.all([t.as('admin'), t.as('admin')]);
    const booking = await createBooking(t.db);
    const statuses = LEAD_STATUSES;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        admins[i % admins.length]!.post(`/api/admin/bookings/${booking.id}/lead-status`, {
          lead_status: statuses[i % statuses.length],
          lead_status_reason: `change ${i}`,
        }),
      ),
    );
    const bad = answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body.slice(0, 200)}`);
    if (bad.length) process.stdout.write(`lead-status failures:\n${[...new Set(bad)].join('\n')}\n`);
    // An unknown status value would be 422 for every request: then the list of statuses needs updating.
    expect(bad).toEqual([]);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.version).toBe(booking.version + 50);
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.bookingId, booking.id), eq(activityLog.action, 'booking.lead_status')))
      .orderBy(asc(activityLog.id));
    expect(log).toHaveLength(50);
    expect(new Set(log.map((e) => (e.after as { lead_status_reason?: string } | null)?.lead_status_reason)).size).toBe(50);
    // Serialised: each change saw the one before it, so no change was silently overwritten.
    for (let i = 1; i < log.length; i++) expect(log[i]?.before).toEqual(log[i - 1]?.after);
    const last = log.at(-1)?.after as { lead_status?: string; lead_status_reason?: string };
    expect({ lead_status: row?.leadStatus, lead_status_reason: row?.leadStatusReason }).toEqual(last);
    const notes = await t.db.select().from(contactHistory).where(eq(contactHistory.bookingId, booking.id));
    expect(notes.length).toBeGreaterThanOrEqual(50);
  }, 60_000);

  it('refuses a stale edit with 409 and changes nothing', async () => {
    const admin = await t.as('admin');
    const other = await t.as('admin');
    const booking = await createBooking(t.db);
    const seen = booking.version;
    // Someone else changes the booking first.
    expect((await other.patch(`/api/admin/bookings/${booking.id}`, { admin_general_notes: 'fresh note', version: seen })).statusCode).toBe(200);
    const before = await databaseFingerprint(t.db);
    const stale = await admin.patch(`/api/admin/bookings/${booking.id}`, { admin_general_notes: 'stale note', version: seen });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    const staleHeader = await admin.inject({
      method: 'PATCH',
      url: `/api/admin/bookings/${booking.id}`,
      payload: { admin_general_notes: 'stale note' },
      headers: { 'if-match': `"${seen}"` },
    });
    expect(staleHeader.statusCode).toBe(409);
    expect(diffFingerprints(before, await databaseFingerprint(t.db))).toEqual([]);
  });

  it('refuses a stale lead-status change (If-Match of an older version) with 409 and changes nothing', async () => {
    const admin = await t.as('admin');
    const other = await t.as('admin');
    const booking = await createBooking(t.db);
    const seen = booking.version;
    const first = await other.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/lead-status`,
      payload: { lead_status: 'contacted', lead_status_reason: 'called them' },
      headers: { 'if-match': `"${seen}"` },
    });
    expect(first.statusCode).toBe(200);
    const before = await databaseFingerprint(t.db);
    const stale = await admin.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/lead-status`,
      payload: { lead_status: 'lost', lead_status_reason: 'no answer' },
      headers: { 'if-match': `"${seen}"` },
    });
    expect(stale.statusCode).toBe(409);
    expect(diffFingerprints(before, await databaseFingerprint(t.db))).toEqual([]);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  'PostgreSQL out of reach (needs TEST_DATABASE_URL; a TCP proxy sits between the app and the server)',
  { tags: ['postgres'] },
  () => {
    let proxy: TcpProxy;
    let app: FastifyInstance;
    let database: Database;
    let dbName: string;
    let cookie = '';

    beforeAll(async () => {
      const base = new URL(serverUrl ?? '');
      dbName = `hatch_proof_${randomBytes(5).toString('hex')}`;
      const adminClient = new pg.Client({ connectionString: base.toString() });
      await adminClient.connect();
      await adminClient.query(`create database ${dbName}`);
      await adminClient.end();
      proxy = await startTcpProxy({ host: base.hostname, port: Number(base.port || 5432) });
      const viaProxy = new URL(base.toString());
      viaProxy.pathname = `/${dbName}`;
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      database = await openDatabase({ url: viaProxy.toString(), poolSize: 4 });
      await database.migrate();
      await seedReferenceData(database.db);
      const email = `admin-${randomBytes(4).toString('hex')}@example.test`;
      await database.db.insert(users).values({ name: 'Proof Admin', email, passwordHash: await hashPassword(TEST_PASSWORD), isAdmin: true });
      app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, logger: false, webRoot: '/nonexistent-web-root' });
      await app.ready();
      const page = await app.inject({ method: 'GET', url: '/' });
      const anon = page.cookies.find((c) => c.name === 'hatch_session');
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: TEST_PASSWORD },
        headers: { cookie: `hatch_session=${anon?.value}`, 'x-csrf-token': readCsrfMeta(page.body) },
      });
      expect(login.statusCode).toBe(200);
      cookie = `hatch_session=${login.cookies.find((c) => c.name === 'hatch_session')?.value}`;
    });

    afterAll(async () => {
      await app?.close();
      await database?.close();
      await proxy?.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${dbName} with (force)`);
      await dropper.end();
    });

    const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

    it('answers 503 with a clear message while the database is cut off, and recovers by itself', async () => {
      expect((await get('/api/health')).statusCode).toBe(200);
      expect((await get('/api/auth/me')).statusCode).toBe(200);

      await proxy.cut();
      const health = await get('/api/health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', message: 'The database is not answering.', code: 'service_unavailable' });
      for (const url of ['/api/auth/me', '/api/admin/bookings', '/api/booking/ABCDEFGHJK12']) {
        const res = await get(url);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 503 });
        expect(res.json()).toEqual({
          message: 'The service is temporarily unavailable. Please try again shortly.',
          code: 'service_unavailable',
          request_id: res.headers['x-request-id'],
        });
      }
      // Never a 500, whatever the route (some answers may come from memory).
      const pricing = await get('/api/pricing');
      expect([200, 503]).toContain(pricing.statusCode);

      await proxy.restore();
      const deadline = Date.now() + 15_000;
      let status = 0;
      while (Date.now() < deadline) {
        status = (await get('/api/health')).statusCode;
        if (status === 200) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe(200);
      // The session survived: it lives in the database, not in the lost connections.
      expect((await get('/api/auth/me')).statusCode).toBe(200);
      expect((await get('/api/admin/bookings')).statusCode).not.toBeGreaterThanOrEqual(500);
    }, 60_000);
  },
);
