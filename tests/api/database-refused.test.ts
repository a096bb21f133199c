import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/**
 * A database that is there but refuses us (issue 19): it no longer accepts connections (SQLSTATE 55000) or our role
 * lost its rights (42501). Like every other outage (tests/api/database-gone.test.ts): 503 with the clear message and
 * no detail of the database's own, never a 500.
 */
// Every 5xx names its request (request_id, also in X-Request-Id), so an operator finds its log lines.
const UNAVAILABLE = {
  message: 'The service is temporarily unavailable. Please try again shortly.',
  code: 'service_unavailable',
  request_id: expect.stringMatching(/^[\w-]{8,}$/),
};
const CALLS = [
  ['GET', '/api/auth/me'],
  ['GET', '/api/admin/bookings'],
  ['GET', '/api/booking/ABCDEFGHJK12'],
  ['GET', '/api/play/ABCDEFGHJK12'],
  ['POST', '/api/auth/logout'],
] as const;

async function expectEveryCallUnavailable(t: TestApp, admin: Agent): Promise<void> {
  for (const [method, url] of CALLS) {
    const res = await admin.inject({ method, url });
    expect({ method, url, status: res.statusCode, body: res.json() }).toEqual({ method, url, status: 503, body: UNAVAILABLE });
    expect(res.body).not.toMatch(/permission|accepting|denied|refused|password|authentication/i);
    // Every database 503 says when to come back (issue 28).
    expect(res.headers['retry-after']).toBe('5');
  }
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(503);
  expect(health.headers['retry-after']).toBe('5');
}

describe('our role lost its rights (42501 insufficient_privilege)', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('admin');
  });
  afterAll(async () => t.close());

  it('answers 503 with the outage text on every kind of call, and recovers once the rights are back', async () => {
    expect((await admin.get('/api/auth/me')).statusCode).toBe(200);
    // The embedded database has one connection: from now on every query of the app runs as a role without rights.
    await t.db.execute(sql`create role hatch_refused`);
    await t.db.execute(sql`set role hatch_refused`);
    await expectEveryCallUnavailable(t, admin);
    await t.db.execute(sql`reset role`);
    expect((await admin.get('/api/auth/me')).statusCode).toBe(200);
  });
});

/** The tables every call reads first raise `errcode` with `message`, as the server would on a refused connection. */
async function refuseEveryRead(t: TestApp, errcode: string, message: string): Promise<void> {
  await t.db.execute(
    sql.raw(`create function hatch_refuse() returns boolean language plpgsql as $$
      begin raise exception '${message.replaceAll("'", "''")}' using errcode = '${errcode}'; end $$`),
  );
  for (const table of ['sessions', 'bookings', 'games']) {
    await t.db.execute(sql.raw(`alter table ${table} rename to ${table}_kept`));
    await t.db.execute(sql.raw(`create view ${table} as select * from ${table}_kept where hatch_refuse()`));
  }
}

describe('the database refuses us (55000 object_not_in_prerequisite_state)', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('admin');
  });
  afterAll(async () => t.close());

  it('answers 503 with the outage text on every kind of call', async () => {
    // The embedded database cannot close itself to connections, so it raises the same error PostgreSQL gives a
    // connection to a database with ALLOW_CONNECTIONS false, from the tables every call reads first.
    await refuseEveryRead(t, '55000', 'database "hatch" is not currently accepting connections');
    await expectEveryCallUnavailable(t, admin);
  });
});

describe('our login is refused (SQLSTATE class 28: invalid_authorization_specification, invalid_password)', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('admin');
  });
  afterAll(async () => t.close());

  it('answers 503 with the outage text on every kind of call (a changed password or a dropped role), not 500', async () => {
    // PostgreSQL refuses a new connection with 28P01 (a rotated password) or 28000 (the role is gone, or pg_hba says
    // no); the embedded database has no logins, so the tables every call reads first raise it, as in the case above.
    await refuseEveryRead(t, '28P01', 'password authentication failed for user "hatch"');
    await expectEveryCallUnavailable(t, admin);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('PostgreSQL database closed to connections (needs TEST_DATABASE_URL)', { tags: ['postgres'] }, () => {
  let t: TestApp;
  let admin: Agent;
  let name = '';
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('admin');
  });
  afterAll(async () => {
    if (name) {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`alter database ${name} allow_connections true`);
      await client.end();
    }
    await t.close();
  });

  it('answers 503 with the clear message once the pool has to reconnect, never 500', async () => {
    const answer = z.object({ rows: z.array(z.object({ name: z.string() })) }).parse(await t.db.execute(sql`select current_database() as name`));
    name = answer.rows[0]?.name ?? '';
    expect(name).toMatch(/^(hatch_test|hatch_template_[0-9a-f]+)_[0-9a-f]+$/);
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`alter database ${name} allow_connections false`);
    // Its open connections end (57P01, already an outage); the new ones the pool opens are refused with 55000.
    await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name]);
    await client.end();
    await expectEveryCallUnavailable(t, admin);
  }, 30_000);
});
