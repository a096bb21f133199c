import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/**
 * The database going away under a running app (closed, or its tables dropped): every API call answers 503 with a
 * clear message, never a 500, and the health check says so too. Runs on the default embedded database (PGlite).
 */
// Every 5xx names its request (request_id, also in X-Request-Id), so an operator finds its log lines.
const UNAVAILABLE = {
  message: 'The service is temporarily unavailable. Please try again shortly.',
  code: 'service_unavailable',
  request_id: expect.stringMatching(/^[\w-]{8,}$/),
};

describe('tables dropped under the running app', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('admin');
  });
  afterAll(async () => t.close());

  it('answers 503, not 500, and the health check reports it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await t.db.execute(sql`drop table bookings cascade`);

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable', message: 'The database is not answering.', code: 'service_unavailable' });
    for (const url of ['/api/admin/bookings/1', '/api/booking/ABCDEFGHJK12']) {
      const res = await admin.get(url);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 503, body: UNAVAILABLE });
    }
  });
});

describe('database closed under the running app', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('admin');
  });
  afterAll(async () => {
    await t.app.close().catch(() => undefined);
  });

  it('answers 503, not 500, on every kind of call, and the health check reports it', async () => {
    await t.database.close();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/admin/bookings'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/booking/ABCDEFGHJK12'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await admin.inject({ method, url });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 503, body: UNAVAILABLE });
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('PostgreSQL database dropped under the running app (needs TEST_DATABASE_URL)', { tags: ['postgres'] }, () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    // createTestApp makes a scratch database on the TEST_DATABASE_URL server; the test drops it itself.
    t = await createTestApp();
    admin = await t.as('admin');
  });
  afterAll(async () => {
    await t.app.close().catch(() => undefined);
    await t.database.close().catch(() => undefined);
  });

  it('answers 503 with the clear message, never 500, and the health check says so', async () => {
    const answer = z.object({ rows: z.array(z.object({ name: z.string() })) }).parse(await t.db.execute(sql`select current_database() as name`));
    const name = answer.rows[0]?.name ?? '';
    expect(name).toMatch(/^(hatch_test|hatch_template_[0-9a-f]+)_[0-9a-f]+$/);
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database ${name} with (force)`);
    await dropper.end();

    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    for (const url of ['/api/auth/me', '/api/admin/bookings/1', '/api/booking/ABCDEFGHJK12']) {
      const res = await admin.get(url);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 503, body: UNAVAILABLE });
    }
  }, 30_000);
});
