import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import type { AdminMailDetailResponse, AdminMailListResponse } from '../../src/shared/api/admin-mail';
import { bookingBody } from '../../scripts/booking-body';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/** The outbox as admins read it without SMTP (decision 0371): every mail, reset links masked unless the mail is theirs. */
let t: TestApp;
let admin: Agent & { userId: number; email: string };
let host: Agent & { userId: number; email: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin', { name: 'Ada Admin', email: 'ada@example.test' });
  host = await t.as('host', { name: 'Hal Host', email: 'hal@example.test' });
});
afterAll(async () => t.close());

/** A new host each time: the reset limits allow 3 requests an address an hour. */
async function newHost(name: string): Promise<string> {
  return (await t.createUser({ role: 'host', name })).email;
}

async function askForReset(email: string): Promise<number> {
  const visitor = await t.visitor();
  const res = await visitor.post('/api/auth/password-reset', { email });
  expect(res.statusCode).toBe(200);
  const [row] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'auth.password_reset')))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!row) throw new Error(`no reset mail to ${email}`);
  return row.id;
}

const resetToken = (text: string) => /\/reset-password\/([^\s/?#]+)/.exec(text)?.[1];

describe('admin mail: who may read the outbox', () => {
  it('answers 401 without a session and 403 to a host, on every route, changing nothing', async () => {
    const id = await askForReset('hal@example.test');
    const visitor = await t.visitor();
    for (const [who, status] of [
      [visitor, 401],
      [host, 403],
    ] as const) {
      expect((await who.get('/api/admin/mail')).statusCode).toBe(status);
      expect((await who.get(`/api/admin/mail/${id}`)).statusCode).toBe(status);
      expect((await who.post(`/api/admin/mail/${id}/retry`)).statusCode).toBe(status);
      expect((await who.post(`/api/admin/mail/${id}/reveal`)).statusCode).toBe(status);
    }
    const reveals = await t.db.select().from(activityLog).where(eq(activityLog.action, 'mail.reveal_reset_link'));
    expect(reveals).toHaveLength(0);
  });

  it('refuses a retry or a reveal without the CSRF token', async () => {
    const id = await askForReset(await newHost('Csrf Host'));
    await t.db.update(mailOutbox).set({ status: 'failed', attempts: 8 }).where(eq(mailOutbox.id, id));
    for (const action of ['retry', 'reveal']) {
      const res = await admin.inject({ method: 'POST', url: `/api/admin/mail/${id}/${action}`, csrf: false });
      expect(res.statusCode).toBe(419);
    }
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 8 });
  });
});

describe('admin mail without SMTP', () => {
  it('lists every mail of the install, a staff password reset among them, newest first and without bodies', async () => {
    const visitor = await t.visitor();
    const booked = await visitor.post('/api/bookings', bookingBody({ email: 'booker-outbox@example.test' }));
    expect(booked.statusCode).toBe(201);
    const resetId = await askForReset('hal@example.test');

    const res = await admin.get('/api/admin/mail');
    expect(res.statusCode).toBe(200);
    const body = res.json<AdminMailListResponse>();
    expect(body.sends).toBe(false);
    expect(body.mails[0]).toMatchObject({
      id: resetId,
      to: 'hal@example.test',
      kind_label: 'Password reset',
      status: 'stored',
      status_label: 'Stored (no mail server)',
      booking_id: null,
    });
    expect(body.mails.some((m) => m.to === 'booker-outbox@example.test' && m.booking_id === booked.json<{ booking: { id: number } }>().booking.id)).toBe(true);
    expect(JSON.stringify(body)).not.toContain('/reset-password/');
    expect(body.pagination.total).toBe(body.mails.length);
  });

  it("masks the reset link in another user's mail, and shows an admin their own", async () => {
    const theirs = await askForReset(await newHost('Hal Host'));
    const shown = await admin.get(`/api/admin/mail/${theirs}`);
    expect(shown.statusCode).toBe(200);
    const mail = shown.json<AdminMailDetailResponse>().mail;
    expect(mail.masked).toBe(true);
    expect(mail.text).toContain('Hi Hal Host');
    expect(resetToken(mail.text)).toBe('••••••••');

    const own = await askForReset('ada@example.test');
    const mine = (await admin.get(`/api/admin/mail/${own}`)).json<AdminMailDetailResponse>().mail;
    expect(mine.masked).toBe(false);
    expect(resetToken(mine.text)).toMatch(/^[\w-]{20,}$/);
    // Nothing to reveal in one's own mail.
    expect((await admin.post(`/api/admin/mail/${own}/reveal`)).statusCode).toBe(409);
  });

  it('reveals a masked link on purpose, records who read whose link, and the link works', async () => {
    const hostEmail = await newHost('Rita Host');
    const id = await askForReset(hostEmail);
    const res = await admin.post(`/api/admin/mail/${id}/reveal`);
    expect(res.statusCode).toBe(200);
    const mail = res.json<AdminMailDetailResponse>().mail;
    expect(mail.masked).toBe(false);
    const token = resetToken(mail.text);
    expect(token).toMatch(/^[\w-]{20,}$/);
    const check = await (await t.visitor()).post('/api/auth/password-reset/check', { token });
    expect(check.statusCode).toBe(200);

    const [logged] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'mail.reveal_reset_link'), eq(activityLog.entityId, String(id))));
    expect(logged).toMatchObject({ actorId: admin.userId, after: { kind: 'auth.password_reset', to: hostEmail } });
    const activity = await admin.get(`/api/admin/activity?user_id=${admin.userId}`);
    expect(JSON.stringify(activity.json())).toContain(`Read the password reset link mailed to ${hostEmail}`);
  });

  it('retries a failed mail only: it starts over (kept as stored here) and the retry is logged; other statuses 409, unknown 404', async () => {
    const id = await askForReset(await newHost('Tom Host'));
    expect((await admin.post(`/api/admin/mail/${id}/retry`)).statusCode).toBe(409);
    await t.db.update(mailOutbox).set({ status: 'failed', attempts: 8, error: '550 No such user' }).where(eq(mailOutbox.id, id));

    const failedList = (await admin.get('/api/admin/mail?status=failed')).json<AdminMailListResponse>();
    expect(failedList.mails.map((m) => m.id)).toContain(id);
    expect(failedList.failed).toBe(failedList.pagination.total);
    expect(failedList.mails.every((m) => m.status === 'failed')).toBe(true);

    const res = await admin.post(`/api/admin/mail/${id}/retry`);
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminMailDetailResponse>().mail).toMatchObject({ status: 'stored', attempts: 0, error: '550 No such user', masked: true });
    const [logged] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'mail.retry'), eq(activityLog.entityId, String(id))));
    expect(logged).toMatchObject({ actorId: admin.userId, before: { status: 'failed', attempts: 8 } });
    // Twice is a conflict, not a second start.
    expect((await admin.post(`/api/admin/mail/${id}/retry`)).statusCode).toBe(409);
    expect((await admin.post('/api/admin/mail/99999999/retry')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/mail/99999999')).statusCode).toBe(404);
  });

  it('refuses an unknown status filter with a clear 422', async () => {
    const res = await admin.get('/api/admin/mail?status=lost');
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Status must be one of');
  });
});
