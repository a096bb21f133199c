import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import type { AdminMailDetailResponse, AdminMailListResponse } from '../../src/shared/api/admin-mail';
import { bookingBody } from '../../scripts/booking-body';
import { createPaidBooking } from '../support/fixtures';
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

describe('admin mail: what went with a mail (issue 36)', () => {
  it("lists a mail's files and its calendar invite, each downloadable as sent by admins only", async () => {
    // A host given a paid game gets its calendar invite with the mail (decision 0373).
    const { booking } = await createPaidBooking(t.db, { hosted: true, date: '2030-07-04', meetingTime: { hour: 18, minute: 30 } });
    const hostUser = await t.createUser({ role: 'host', name: 'Ivy Invite' });
    expect((await admin.patch(`/api/admin/bookings/${booking.id}`, { assigned_host_id: hostUser.id })).statusCode).toBe(200);
    const [invited] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, hostUser.email));
    if (!invited?.icalEvent) throw new Error('the host mail carries no invite');
    // A mail with two files, queued the way the receipts queue their PDF (decision 0412).
    const pdf = Buffer.from('%PDF-1.7\n% a small document\n%%EOF\n');
    const csv = Buffer.from('name,amount\nAda,12.50\n');
    const withFiles = await t.app.deps.mail.queue(t.db, {
      to: 'files@example.test',
      subject: 'Your receipt',
      text: 'Attached.',
      kind: 'payment.receipt',
      attachments: [
        { filename: 'HATCH-2030-0001.pdf', content_type: 'application/pdf', content_base64: pdf.toString('base64') },
        { filename: 'Übersicht "2030".csv', content_type: 'text/csv', content_base64: csv.toString('base64') },
      ],
    });

    const files = (await admin.get(`/api/admin/mail/${withFiles}`)).json<AdminMailDetailResponse>().mail;
    expect(files.attachments).toEqual([
      { filename: 'HATCH-2030-0001.pdf', content_type: 'application/pdf', size: pdf.length, download_url: `/api/admin/mail/${withFiles}/attachments/0` },
      { filename: 'Übersicht "2030".csv', content_type: 'text/csv', size: csv.length, download_url: `/api/admin/mail/${withFiles}/attachments/1` },
    ]);
    expect(files.calendar_invite).toBeNull();
    const invite = (await admin.get(`/api/admin/mail/${invited.id}`)).json<AdminMailDetailResponse>().mail;
    expect(invite.attachments).toEqual([]);
    expect(invite.calendar_invite).toEqual({
      filename: invited.icalEvent.filename,
      content_type: `text/calendar; charset=utf-8; method=${invited.icalEvent.method}`,
      method: invited.icalEvent.method,
      size: Buffer.byteLength(invited.icalEvent.content),
      download_url: `/api/admin/mail/${invited.id}/calendar-invite`,
    });

    // The downloads: the bytes as sent, under their own name and type, never cached.
    const first = await admin.get(`/api/admin/mail/${withFiles}/attachments/0`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(`attachment; filename="HATCH-2030-0001.pdf"; filename*=UTF-8''HATCH-2030-0001.pdf`);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.rawPayload.equals(pdf)).toBe(true);
    const second = await admin.get(`/api/admin/mail/${withFiles}/attachments/1`);
    expect(second.headers['content-disposition']).toBe(
      `attachment; filename="_bersicht _2030_.csv"; filename*=UTF-8''${encodeURIComponent('Übersicht "2030".csv')}`,
    );
    expect(second.rawPayload.equals(csv)).toBe(true);
    const ics = await admin.get(`/api/admin/mail/${invited.id}/calendar-invite`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe(`text/calendar; charset=utf-8; method=${invited.icalEvent.method}`);
    expect(ics.body).toBe(invited.icalEvent.content);

    // What is not there: 404 in words; what cannot be an index: 422.
    expect((await admin.get(`/api/admin/mail/${withFiles}/attachments/2`)).json()).toEqual({ message: 'Attachment not found', code: 'not_found' });
    expect((await admin.get(`/api/admin/mail/${withFiles}/calendar-invite`)).json()).toEqual({
      message: 'This mail has no calendar invite',
      code: 'not_found',
    });
    expect((await admin.get(`/api/admin/mail/999999/attachments/0`)).json()).toEqual({ message: 'Mail not found', code: 'not_found' });
    expect((await admin.get(`/api/admin/mail/${withFiles}/attachments/-1`)).statusCode).toBe(422);
    expect((await admin.get(`/api/admin/mail/${withFiles}/attachments/01`)).statusCode).toBe(422);

    // Admins only: nobody else, not the host the invite went to.
    const visitor = await t.visitor();
    for (const [who, status] of [
      [visitor, 401],
      [host, 403],
    ] as const) {
      for (const path of [`/api/admin/mail/${withFiles}/attachments/0`, `/api/admin/mail/${invited.id}/calendar-invite`]) {
        const res = await who.get(path);
        expect(res.statusCode).toBe(status);
        expect(res.body).not.toContain('PDF');
        expect(res.body).not.toContain('VCALENDAR');
      }
    }
  });
});
