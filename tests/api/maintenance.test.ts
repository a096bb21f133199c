import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/test-app';
import { sessions } from '../../src/server/domains/identity/tables/users';
import { idempotencyKeys, rateLimits } from '../../src/server/platform/db/tables';
import { runMaintenance } from '../../src/server/platform/maintenance';
import { pruneExpiredSessions } from '../../src/server/domains/identity/sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('maintenance', () => {
  it('removes expired and idle sessions, old rate-limit windows and old idempotency keys, keeping live ones', async () => {
    const live = await t.as('admin');
    const user = await t.createUser({ role: 'user' });
    const day = 24 * 60 * 60 * 1000;
    await t.db.insert(sessions).values([
      { id: 'expired', userId: user.id, expiresAt: new Date(Date.now() - 1000) },
      { id: 'idle', userId: user.id, expiresAt: new Date(Date.now() + day), lastSeenAt: new Date(Date.now() - day) },
    ]);
    await t.db.insert(rateLimits).values([
      { key: 'old', windowStart: new Date(Date.now() - 2 * day), count: 3 },
      { key: 'new', windowStart: new Date(), count: 1 },
    ]);
    await t.db.insert(idempotencyKeys).values([
      { scope: 's', key: 'old', requestHash: 'h', createdAt: new Date(Date.now() - 2 * day) },
      { scope: 's', key: 'new', requestHash: 'h' },
    ]);

    await runMaintenance(t.db, [pruneExpiredSessions]);

    const left = await t.db.select({ id: sessions.id }).from(sessions);
    expect(left.map((s) => s.id)).not.toContain('expired');
    expect(left.map((s) => s.id)).not.toContain('idle');
    expect(left.length).toBe(1);
    expect((await live.get('/api/auth/me')).statusCode).toBe(200);
    expect(
      (
        await t.db
          .select({ key: rateLimits.key })
          .from(rateLimits)
          .where(sql`${rateLimits.key} in ('old', 'new')`)
      ).map((r) => r.key),
    ).toEqual(['new']);
    expect((await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key)).toEqual(['new']);
  });
});
