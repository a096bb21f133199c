import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { users } from '../../src/server/domains/identity/tables/users';
import { verifyPassword } from '../../src/server/platform/crypto';
import { PASSWORD_MESSAGES } from '../../src/shared/validation/password-rules';
import { createTestApp, TEST_PASSWORD, type Agent, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Agent & { userId: number; email: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin', { name: 'Ada Admin' });
});
afterAll(async () => t.close());

let n = 0;
const uniqueEmail = (prefix = 'new') => `${prefix}-${Date.now()}-${++n}@example.test`;

async function activityFor(userId: number) {
  return t.db.select().from(activityLog).where(eq(activityLog.subjectUserId, userId)).orderBy(desc(activityLog.id));
}

/** A user logged in on their own agent, so a test can see whether that session survives. */
async function loggedIn(role: 'admin' | 'host' | 'user') {
  return t.as(role);
}

describe('GET /api/admin/users and /api/admin/hosts', () => {
  it('lists users as {users} with the public fields only', async () => {
    const res = await admin.get('/api/admin/users');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ users: Array<Record<string, unknown>> }>().users;
    const me = list.find((u) => u.id === admin.userId);
    expect(me).toEqual({ id: admin.userId, name: 'Ada Admin', email: admin.email, is_admin: true, is_host: false, created_at: expect.any(String) });
    expect(JSON.stringify(list)).not.toContain('scrypt');
  });

  it('lists hosts as {hosts: [{id, name, email}]} of users with is_host', async () => {
    const host = await t.createUser({ role: 'host', name: 'Harriet Host' });
    const res = await admin.get('/api/admin/hosts');
    expect(res.statusCode).toBe(200);
    const hosts = res.json<{ hosts: Array<Record<string, unknown>> }>().hosts;
    expect(hosts).toContainEqual({ id: host.id, name: 'Harriet Host', email: host.email });
    expect(hosts.some((h) => h.id === admin.userId)).toBe(false);
  });
});

describe('POST /api/admin/users', () => {
  it('creates a user with a hashed password and the two flags, and logs it without the password', async () => {
    const email = uniqueEmail();
    const res = await admin.post('/api/admin/users', { name: 'Nina New', email, password: 'a-good-password', is_admin: false, is_host: true });
    expect(res.statusCode).toBe(201);
    const user = res.json<{ user: { id: number } }>().user;
    expect(user).toMatchObject({ name: 'Nina New', email, is_admin: false, is_host: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('a-good-password', row?.passwordHash ?? '')).toBe(true);
    const login = await (await t.visitor()).post('/api/auth/login', { email, password: 'a-good-password' });
    expect(login.statusCode).toBe(200);
    const [entry] = await activityFor(user.id);
    expect(entry).toMatchObject({
      action: 'user.create',
      actorId: admin.userId,
      before: null,
      after: { name: 'Nina New', email, is_admin: false, is_host: true },
    });
    expect(JSON.stringify(entry?.after)).not.toContain('password');
  });

  it('requires name and email', async () => {
    const res = await admin.post('/api/admin/users', { name: '', email: '', password: 'a-good-password' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Name and email are required',
      errors: { name: ['Name and email are required'], email: ['Name and email are required'] },
    });
    const noName = await admin.post('/api/admin/users', { email: uniqueEmail(), password: 'a-good-password' });
    expect(noName.json().errors.name).toEqual(['Name and email are required']);
  });

  it('requires a password for new users', async () => {
    const res = await admin.post('/api/admin/users', { name: 'No Pass', email: uniqueEmail() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(['Password is required for new users']);
    const empty = await admin.post('/api/admin/users', { name: 'No Pass', email: uniqueEmail(), password: '' });
    expect(empty.json().errors.password).toEqual(['Password is required for new users']);
    const short = await admin.post('/api/admin/users', { name: 'No Pass', email: uniqueEmail(), password: 'short' });
    expect(short.json().errors.password).toEqual(['Password must be at least 8 characters']);
  });

  it('refuses common passwords, blanks and the email as password with a clear 422, and creates nobody', async () => {
    const email = uniqueEmail();
    const cases: [string, string][] = [
      ['password', PASSWORD_MESSAGES.common],
      ['Password1', PASSWORD_MESSAGES.common],
      ['        ', PASSWORD_MESSAGES.blank],
      [email, PASSWORD_MESSAGES.containsEmail],
      [email.toUpperCase(), PASSWORD_MESSAGES.containsEmail],
      [`${email.split('@')[0]}!2024`, PASSWORD_MESSAGES.containsEmail],
    ];
    for (const [password, message] of cases) {
      const res = await admin.post('/api/admin/users', { name: 'Weak Pass', email, password });
      expect({ password, status: res.statusCode, body: res.json() }).toEqual({
        password,
        status: 422,
        body: { message, code: 'validation_failed', errors: { password: [message] } },
      });
    }
    const list = await admin.get('/api/admin/users');
    expect(JSON.stringify(list.json())).not.toContain(email);
    // A long passphrase with no digits or symbols is fine (no composition rules), up to 1024 characters.
    const long = await admin.post('/api/admin/users', { name: 'Long Pass', email, password: 'the quiet owl counts seven lanterns '.repeat(20).slice(0, 700) });
    expect(long.statusCode).toBe(201);
  });

  it('refuses an invalid or duplicate email (any case) with a clear 422', async () => {
    const invalid = await admin.post('/api/admin/users', { name: 'X', email: 'not an email', password: 'a-good-password' });
    expect(invalid.json().errors.email).toEqual(['Please enter a valid email address']);
    const dup = await admin.post('/api/admin/users', { name: 'Dup', email: admin.email.toUpperCase(), password: 'a-good-password' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({
      message: 'A user with this email already exists',
      code: 'validation_failed',
      errors: { email: ['A user with this email already exists'] },
    });
  });
});

describe('bad input never gives a 500', () => {
  it('refuses NUL characters in names and emails with 422', async () => {
    const create = await admin.post('/api/admin/users', { name: 'a\u0000b', email: `x\u0000${uniqueEmail()}`, password: 'a-good-password' });
    expect(create.statusCode).toBe(422);
    expect(Object.keys(create.json().errors)).toEqual(['name', 'email']);
    const upgrade = await admin.post('/api/admin/users/upgrade', { email: 'a\u0000@b.c', is_admin: true });
    expect(upgrade.statusCode).toBe(422);
    expect(upgrade.json().errors.email).toEqual(['Please enter a valid email address']);
  });
});

describe('POST /api/admin/users/upgrade', () => {
  it('adds the chosen roles to an existing user, logs before/after and ends their sessions', async () => {
    const user = await loggedIn('user');
    expect((await user.get('/api/auth/me')).statusCode).toBe(200);
    const res = await admin.post('/api/admin/users/upgrade', { email: user.email.toUpperCase(), is_admin: false, is_host: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.userId, is_admin: false, is_host: true });
    expect((await user.get('/api/auth/me')).statusCode).toBe(401);
    const [entry] = await activityFor(user.userId);
    expect(entry).toMatchObject({
      action: 'user.upgrade',
      actorId: admin.userId,
      before: { is_admin: false, is_host: false },
      after: { is_admin: false, is_host: true },
    });
  });

  it('never removes a role the user already has', async () => {
    const host = await t.createUser({ role: 'host' });
    const res = await admin.post('/api/admin/users/upgrade', { email: host.email, is_admin: true, is_host: false });
    expect(res.json().user).toMatchObject({ is_admin: true, is_host: true });
  });

  it('requires an email and at least one role', async () => {
    const noEmail = await admin.post('/api/admin/users/upgrade', { email: ' ', is_admin: true, is_host: false });
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json().errors.email).toEqual(['Email is required']);
    const noRole = await admin.post('/api/admin/users/upgrade', { email: admin.email, is_admin: false, is_host: false });
    expect(noRole.statusCode).toBe(422);
    expect(noRole.json()).toMatchObject({
      message: 'Please select at least one role to assign',
      errors: { roles: ['Please select at least one role to assign'] },
    });
  });

  it('answers 404 with a clear message for an unknown email', async () => {
    const res = await admin.post('/api/admin/users/upgrade', { email: uniqueEmail('nobody'), is_admin: true, is_host: false });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No user found with this email address', code: 'not_found' });
  });
});

describe('PATCH /api/admin/users/:id/roles', () => {
  it("sets both flags, logs before/after and ends that user's sessions", async () => {
    const host = await loggedIn('host');
    const res = await admin.patch(`/api/admin/users/${host.userId}/roles`, { is_admin: true, is_host: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: host.userId, is_admin: true, is_host: false });
    expect((await host.get('/api/auth/me')).statusCode).toBe(401);
    const [entry] = await activityFor(host.userId);
    expect(entry).toMatchObject({
      action: 'user.roles',
      entityType: 'user',
      entityId: String(host.userId),
      before: { is_admin: false, is_host: true },
      after: { is_admin: true, is_host: false },
    });
    // The new admin logs in again and has the new rights.
    const again = await t.visitor();
    expect((await again.post('/api/auth/login', { email: host.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await again.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('keeps sessions and writes nothing when the flags do not change', async () => {
    const host = await loggedIn('host');
    const res = await admin.patch(`/api/admin/users/${host.userId}/roles`, { is_admin: false, is_host: true });
    expect(res.statusCode).toBe(200);
    expect((await host.get('/api/auth/me')).statusCode).toBe(200);
    expect(await activityFor(host.userId)).toEqual([]);
  });

  it('refuses to let an admin remove their own admin role', async () => {
    const res = await admin.patch(`/api/admin/users/${admin.userId}/roles`, { is_admin: false, is_host: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'You cannot remove your own admin role', code: 'conflict' });
    expect((await admin.get('/api/auth/me')).json().user.is_admin).toBe(true);
  });

  it('lets an admin change their own host flag and keeps the session they use', async () => {
    const other = await t.as('admin');
    const res = await other.patch(`/api/admin/users/${other.userId}/roles`, { is_admin: true, is_host: true });
    expect(res.statusCode).toBe(200);
    expect((await other.get('/api/auth/me')).json().user).toMatchObject({ is_admin: true, is_host: true });
  });

  it('validates the body and answers 404 for an unknown user', async () => {
    const host = await t.createUser({ role: 'host' });
    expect((await admin.patch(`/api/admin/users/${host.id}/roles`, { is_admin: 'yes' })).statusCode).toBe(422);
    const missing = await admin.patch('/api/admin/users/999999/roles', { is_admin: true, is_host: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found', code: 'not_found' });
  });
});

describe('DELETE /api/admin/users/:id/roles', () => {
  it("removes both flags, logs before/after and ends the user's sessions", async () => {
    const other = await loggedIn('admin');
    await admin.patch(`/api/admin/users/${other.userId}/roles`, { is_admin: true, is_host: true });
    const relogged = await t.visitor();
    await relogged.post('/api/auth/login', { email: other.email, password: TEST_PASSWORD });
    const res = await admin.delete(`/api/admin/users/${other.userId}/roles`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ is_admin: false, is_host: false });
    expect((await relogged.get('/api/auth/me')).statusCode).toBe(401);
    const [entry] = await activityFor(other.userId);
    expect(entry).toMatchObject({ action: 'user.roles_removed', before: { is_admin: true, is_host: true }, after: { is_admin: false, is_host: false } });
    // The user still exists, without staff rights.
    const back = await t.visitor();
    await back.post('/api/auth/login', { email: other.email, password: TEST_PASSWORD });
    expect((await back.get('/api/admin/users')).statusCode).toBe(403);
  });

  it('refuses to remove the roles of the admin making the call', async () => {
    const res = await admin.delete(`/api/admin/users/${admin.userId}/roles`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'You cannot remove your own admin role', code: 'conflict' });
  });

  it('answers 404 for an unknown user', async () => {
    expect((await admin.delete('/api/admin/users/999999/roles')).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('refuses hosts and anonymous callers on every users route', async () => {
    const host = await t.as('host');
    const anon = await t.visitor();
    expect((await host.get('/api/admin/users')).statusCode).toBe(403);
    expect((await host.post('/api/admin/users', { name: 'x', email: uniqueEmail(), password: 'a-good-password' })).statusCode).toBe(403);
    expect((await host.patch(`/api/admin/users/${host.userId}/roles`, { is_admin: true, is_host: true })).statusCode).toBe(403);
    expect((await anon.get('/api/admin/hosts')).statusCode).toBe(401);
  });
});
