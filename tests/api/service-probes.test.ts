import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPaidBooking } from '../support/fixtures';
import { openSse, type SseStream } from '../support/sse';

/**
 * Issue 30, contract "Running it as a service": /livez answers while the process runs; /readyz only when the database
 * answers, every migration is applied and the process is not draining. A drain (what SIGTERM begins, decision 0366)
 * refuses new event streams with 503 and Retry-After and tells the open ones to reconnect, while other requests
 * are still served.
 */
const opened: SseStream[] = [];
afterAll(() => opened.forEach((s) => s.close()));

describe('/livez and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('are live and ready on a migrated database, as JSON', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.headers['content-type']).toContain('application/json');
    expect(live.json()).toEqual({ status: 'live' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('is not ready while a migration of the journal is not applied (a database restored from an older version)', async () => {
    const recorded = z.object({ rows: z.array(z.object({ id: z.number(), hash: z.string(), created_at: z.string() })) });
    const [latest] = recorded.parse(
      await t.db.execute(sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
    ).rows;
    if (!latest) throw new Error('no migration recorded');
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${latest.id}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        reason: 'migrations',
        message: 'Database migrations are not applied yet.',
        code: 'service_unavailable',
      });
      // Alive all the same: a process manager must not restart it for this.
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${latest.id}, ${latest.hash}, ${latest.created_at}::bigint)`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('/readyz with the database gone', () => {
  it('answers 503 (database) while /livez still answers 200', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', reason: 'database', code: 'service_unavailable' });
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).json()).toEqual({ status: 'live' });
    } finally {
      await t.app.close();
    }
  });
});

describe('a draining process', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('turns /readyz to 503, tells open streams to reconnect, refuses new ones with Retry-After, and still serves the rest', async () => {
    const { gameCode } = await createPaidBooking(t.db, { players: 6 });
    const joined = await (await t.visitor()).post(`/api/play/${gameCode}/join`, { name: 'Ann' });
    expect(joined.statusCode).toBe(201);
    const token = joined.json<{ token: string }>().token;
    const stream = await openSse(`${base}/api/play/${gameCode}/stream`, { 'x-player-token': token });
    opened.push(stream);
    expect(stream.status).toBe(200);

    await t.app.deps.drain.begin();

    // The open stream is ended by the server, after a retry hint of 1-3 s: the phone reconnects (elsewhere) with its
    // Last-Event-ID.
    await stream.ended;
    expect(stream.comments).toContain('server restarting, reconnect');
    expect(t.app.deps.gameHub.size()).toBe(0);

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'draining', message: 'This process is shutting down.', code: 'service_unavailable' });
    // Every answer now closes its connection, so keep-alive clients come back on a new one (to another process).
    expect(ready.headers.get('connection')).toBe('close');

    const refused = await fetch(`${base}/api/play/${gameCode}/stream`, { headers: { 'x-player-token': token } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      message: 'This server is restarting. Please try again.',
      code: 'service_unavailable',
      request_id: refused.headers.get('x-request-id'),
    });
    expect(t.app.deps.gameHub.size()).toBe(0);

    // Work already accepted or short is still served: the game, and a write.
    expect((await fetch(`${base}/api/play/${gameCode}`)).status).toBe(200);
    expect((await (await t.visitor()).post(`/api/play/${gameCode}/join`, { name: 'Bo' })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
  });
});
