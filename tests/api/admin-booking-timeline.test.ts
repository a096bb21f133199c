import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import type { OutboxMail, TimelineResponse } from '../../src/shared/api/booking-timeline';
import { bookingBody } from '../../scripts/booking-body';
import { createBooking } from '../support/fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Agent & { userId: number; email: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin', { name: 'Ada Admin' });
});
afterAll(async () => t.close());

async function bookOnline(overrides: Record<string, unknown> = {}) {
  const visitor = await t.visitor();
  const res = await visitor.post('/api/bookings', bookingBody(overrides));
  expect(res.statusCode).toBe(201);
  return res.json<{ booking: { id: number; temp_code: string; email: string; version: number } }>().booking;
}

async function timeline(id: number): Promise<TimelineResponse> {
  const res = await admin.get(`/api/admin/bookings/${id}/timeline`);
  expect(res.statusCode).toBe(200);
  return res.json<TimelineResponse>();
}

/** What a reader of the timeline sees: no raw keys, no JSON, no pence. */
function expectReadable(body: TimelineResponse) {
  const text = JSON.stringify(body.entries.map((e) => [e.who, e.summary, e.changes]));
  expect(text).not.toMatch(/[a-z]+_[a-z]+|[a-z][A-Z][a-z]+Address|\\"\{|"\{/);
}

describe('GET /api/admin/bookings/{id}/timeline', () => {
  it('merges the confirmation mail, a booker change and a staff change, newest first, in words', async () => {
    const booking = await bookOnline({ players: 8 });
    const other = await t.visitor();
    const edit = await other.patch(
      `/api/bookings/${booking.id}`,
      { players: 12, meeting_time: { hour: 18, minute: 30 } },
      { 'x-booking-code': booking.temp_code },
    );
    expect(edit.statusCode).toBe(200);
    const staff = await admin.patch(`/api/admin/bookings/${booking.id}`, { meeting_point_address: '10 Downing Street' });
    expect(staff.statusCode).toBe(200);

    const body = await timeline(booking.id);
    // The booker's change of players altered the total, so a new confirmation went with it (issue 31, 0392).
    expect(body.entries.map((e) => [e.who, e.summary])).toEqual([
      ['Ada Admin', 'Set the meeting point'],
      ['System', `Mail: Booking confirmation to ${booking.email}`],
      ['Booker', 'Changed date and time, players'],
      ['System', `Mail: Booking confirmation to ${booking.email}`],
      ['Booker', 'Made the booking online'],
    ]);
    const [staffEntry, newTotalEntry, bookerEntry, mailEntry] = body.entries;
    expect(staffEntry?.changes).toEqual([
      { label: 'Meeting point', before: null, after: '10 Downing Street' },
      { label: 'Meeting point status', before: null, after: 'Confirmed' },
      { label: 'Meeting point set by', before: null, after: 'Staff' },
    ]);
    expect(bookerEntry?.changes).toEqual([
      { label: 'Date and time', before: '15:00', after: '18:30' },
      { label: 'Players', before: '8', after: '12' },
    ]);
    // Mails newest first: the new total's confirmation, then the first one.
    expect(newTotalEntry).toMatchObject({ source: 'system', mail_id: body.mails[0]?.id });
    expect(mailEntry).toMatchObject({ source: 'system', mail_id: body.mails[1]?.id });
    expect(body.mails[0]).toMatchObject({ kind: 'booking_confirmation', to: booking.email, subject: expect.stringContaining('now £180') });
    expect(body.mails.slice(1)).toEqual([
      expect.objectContaining({
        kind: 'booking_confirmation',
        kind_label: 'Booking confirmation',
        to: booking.email,
        status: 'stored',
        status_label: 'Stored (no mail server)',
        resent_from: null,
      }),
    ]);
    expect(body.mails[1]?.text).toContain(booking.temp_code);
    expect(body.truncated).toBe(false);
    expectReadable(body);
  });

  it('shows a payment in the booking currency from pence, and a date change in the booking zone', async () => {
    const booking = await createBooking(t.db, { currency: 'USD', timezone: 'America/New_York', pricePerPersonMinor: 2000, bookingStatus: 'lead' });
    expect((await admin.post(`/api/admin/bookings/${booking.id}/payments`, { payment_type: 'card', payment_amount: 12_050 })).statusCode).toBe(201);
    const moved = await admin.patch(`/api/admin/bookings/${booking.id}`, { utcDateTime: '2030-07-01T22:00:00.000Z', timezone: 'America/New_York' });
    expect(moved.statusCode).toBe(200);
    const body = await timeline(booking.id);
    const summaries = body.entries.map((e) => e.summary);
    expect(summaries).toContain('Recorded a card payment of $120.50');
    const dateChange = body.entries.find((e) => e.summary === 'Changed the date and time');
    expect(dateChange?.changes).toEqual([{ label: 'Date and time', before: 'Sat 15 Jun 2030, 10:00 (New York)', after: 'Mon 1 Jul 2030, 18:00 (New York)' }]);
    expectReadable(body);
  });

  it('answers 404 for a booking that does not exist', async () => {
    const res = await admin.get('/api/admin/bookings/999999/timeline');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Booking not found', code: 'not_found' });
  });
});

describe('POST /api/admin/bookings/{id}/mails/{mailId}/resend', () => {
  it('queues a copy as a new outbox row, logs it, and shows it in the timeline as resent by staff', async () => {
    const booking = await bookOnline();
    const [original] = (await timeline(booking.id)).mails;
    if (!original) throw new Error('no confirmation mail');

    const res = await admin.post(`/api/admin/bookings/${booking.id}/mails/${original.id}/resend`);
    expect(res.statusCode).toBe(201);
    const copy = res.json<{ mail: OutboxMail }>().mail;
    expect(copy).toMatchObject({
      kind: 'booking_confirmation',
      to: original.to,
      subject: original.subject,
      text: original.text,
      status: 'stored',
      resent_from: original.id,
    });
    expect(copy.id).toBeGreaterThan(original.id);

    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, booking.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === original.id)).toMatchObject({ status: 'stored', subject: original.subject });
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.bookingId, booking.id), eq(activityLog.action, 'mail.resend')));
    expect(logged).toEqual([expect.objectContaining({ actorId: admin.userId, entityType: 'mail', entityId: String(copy.id) })]);

    const body = await timeline(booking.id);
    expect(body.entries[0]).toMatchObject({
      who: 'Ada Admin',
      source: 'staff',
      summary: `Resent mail: Booking confirmation to ${booking.email}`,
      mail_id: copy.id,
    });
    expect(body.entries.filter((e) => e.summary.includes('Resent'))).toHaveLength(1);
    expect(body.mails.map((m) => m.id)).toEqual([copy.id, original.id]);
  });

  it('answers 404 for a mail of another booking and for an unknown booking, and queues nothing', async () => {
    const mine = await bookOnline();
    const theirs = await bookOnline();
    const [theirMail] = (await timeline(theirs.id)).mails;
    if (!theirMail) throw new Error('no mail');
    const before = await t.db.select().from(mailOutbox);
    const wrong = await admin.post(`/api/admin/bookings/${mine.id}/mails/${theirMail.id}/resend`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: 'Mail not found', code: 'not_found' });
    const unknown = await admin.post(`/api/admin/bookings/999999/mails/${theirMail.id}/resend`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Booking not found', code: 'not_found' });
    expect((await admin.post(`/api/admin/bookings/${mine.id}/mails/abc/resend`)).statusCode).toBe(422);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('refuses anonymous callers and hosts', async () => {
    const booking = await bookOnline();
    const [mail] = (await timeline(booking.id)).mails;
    const visitor = await t.visitor();
    const host = await t.as('host');
    expect((await visitor.get(`/api/admin/bookings/${booking.id}/timeline`)).statusCode).toBe(401);
    expect((await host.get(`/api/admin/bookings/${booking.id}/timeline`)).statusCode).toBe(403);
    expect((await visitor.post(`/api/admin/bookings/${booking.id}/mails/${mail?.id ?? 1}/resend`)).statusCode).toBe(401);
    expect((await host.post(`/api/admin/bookings/${booking.id}/mails/${mail?.id ?? 1}/resend`)).statusCode).toBe(403);
  });
});
