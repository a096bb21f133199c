import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { runMessageSchedule, withBooking, recordPayment } from '../../src/server/domains/booking';
import { paymentMethodOf } from '../../src/server/platform/payment-provider/payment-setup';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { localToUtcIso } from '../../src/shared/time';
import { createPaidBooking } from '../support/fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/**
 * The message schedule (issue 31, decision 0380), driven by the scheduler's own run with the clock the test gives it:
 * what falls due when in three zones across a DST change, a date move, two processes, quiet hours, staff's skip, the
 * outbox giving up on a mail. Bank transfer is this install's way to pay (no card provider is configured).
 */
const TOKEN = 'metrics-token-of-some-length-0380';
const BANK = 'Hatch Ltd, sort code 00-00-00, account 12345678';
let t: TestApp;
let admin: Agent & { email: string };
beforeAll(async () => {
  // An SMTP server that refuses at once, tried once: only the test of a failed mail asks the outbox to send.
  t = await createTestApp({ PUBLIC_URL: 'https://play.hatch.test', SMTP_URL: 'smtp://127.0.0.1:1', MAIL_MAX_ATTEMPTS: '1', METRICS_TOKEN: TOKEN });
  admin = await t.as('admin');
});
afterAll(async () => t.close());

type Scheduled = { id: number; kind: string; due_at: string; status: string };

const run = (at: string, app: FastifyInstance = t.app) =>
  runMessageSchedule(t.db, {
    paymentMethod: paymentMethodOf(app.deps.payments),
    mail: app.deps.mail,
    baseUrl: app.deps.publicUrl,
    bankTransferDetails: BANK,
    now: new Date(at),
  });

async function scheduleOf(bookingId: number): Promise<Scheduled[]> {
  const res = await admin.get(`/api/admin/bookings/${bookingId}/timeline`);
  expect(res.statusCode).toBe(200);
  return res.json<{ scheduled_messages: Scheduled[] }>().scheduled_messages;
}
const dueOf = (s: Scheduled[]) => Object.fromEntries(s.filter((m) => m.status === 'scheduled').map((m) => [m.kind, m.due_at]));
const statusOf = async (bookingId: number, kind: string) => (await scheduleOf(bookingId)).find((m) => m.kind === kind && m.status !== 'skipped')?.status;
const mailsOf = (bookingId: number, kind?: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, bookingId), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(mailOutbox.id);

/** A game at 15:00 local on `date`, booked on 1 September 2027, with a deposit of £30 of £120 paid (a balance of £90). */
function gameAt(zone: string, date: string, bookedAt = '2027-09-01T12:00:00Z') {
  return createPaidBooking(
    t.db,
    {
      timezone: zone,
      date,
      meetingTime: { hour: 15, minute: 0 },
      utcDateTime: new Date(localToUtcIso(date, { hour: 15, minute: 0 }, zone)),
      duration: 120,
      meetingPointAddress: 'Bethesda Fountain, Central Park',
      createdAt: new Date(bookedAt),
    },
    3_000,
  );
}

describe('what falls due when, in the game’s zone across a DST change', { tags: ['postgres'] }, () => {
  // London leaves summer time on 31 October 2027, New York on 7 November 2027; Tokyo keeps none. Reminders and
  // chasers at 10:00 local, staff's notice at 09:00 local the day after the balance's due date (14 days before the game).
  const cases = [
    {
      zone: 'Europe/London',
      date: '2027-11-03',
      due: {
        balance_reminder: '2027-10-17T09:00:00.000Z',
        balance_due_reminder: '2027-10-20T09:00:00.000Z',
        balance_overdue: '2027-10-21T08:00:00.000Z',
        game_reminder_first: '2027-10-27T09:00:00.000Z', // 10:00 BST
        game_reminder_second: '2027-11-02T10:00:00.000Z', // 10:00 GMT
        feedback_request: '2027-11-03T19:00:00.000Z',
      },
    },
    {
      zone: 'America/New_York',
      date: '2027-11-10',
      due: {
        balance_reminder: '2027-10-24T14:00:00.000Z',
        balance_due_reminder: '2027-10-27T14:00:00.000Z',
        balance_overdue: '2027-10-28T13:00:00.000Z',
        game_reminder_first: '2027-11-03T14:00:00.000Z', // 10:00 EDT
        game_reminder_second: '2027-11-09T15:00:00.000Z', // 10:00 EST
        feedback_request: '2027-11-11T00:00:00.000Z', // 19:00 EST
      },
    },
    {
      zone: 'Asia/Tokyo',
      date: '2027-11-03',
      due: {
        balance_reminder: '2027-10-17T01:00:00.000Z',
        balance_due_reminder: '2027-10-20T01:00:00.000Z',
        balance_overdue: '2027-10-21T00:00:00.000Z',
        game_reminder_first: '2027-10-27T01:00:00.000Z',
        game_reminder_second: '2027-11-02T01:00:00.000Z',
        feedback_request: '2027-11-03T10:00:00.000Z',
      },
    },
  ];
  for (const c of cases) {
    it(`${c.zone}: each message is planned at its instant and sent then, not a second before, and once`, async () => {
      const { booking, gameCode } = await gameAt(c.zone, c.date);
      await run('2027-09-01T12:00:00Z');
      const planned = await scheduleOf(booking.id);
      expect(dueOf(planned)).toEqual(c.due);
      expect(planned.every((m) => m.due_at.endsWith('Z'))).toBe(true);
      for (const [kind, at] of Object.entries(c.due).sort((a, b) => a[1].localeCompare(b[1]))) {
        await run(new Date(Date.parse(at) - 1000).toISOString());
        expect({ kind, status: await statusOf(booking.id, kind) }).toEqual({ kind, status: 'scheduled' });
        expect(await mailsOf(booking.id, kind)).toHaveLength(0);
        await run(at);
        expect({ kind, status: await statusOf(booking.id, kind) }).toEqual({ kind, status: 'sent' });
        await run(new Date(Date.parse(at) + 60_000).toISOString());
        const mails = await mailsOf(booking.id, kind);
        expect(mails).toHaveLength(1);
        expect(mails[0]?.to).toEqual(kind === 'balance_overdue' ? expect.stringContaining(admin.email) : booking.email);
      }
      const [reminder] = await mailsOf(booking.id, 'game_reminder_second');
      expect(reminder?.subject).toBe(`Your hatch game in ${booking.city} is tomorrow`);
      expect(reminder?.text).toContain('Bethesda Fountain, Central Park');
      expect(reminder?.text).toContain(`https://play.hatch.test/play/${gameCode}`);
      expect(reminder?.text).toContain(`https://play.hatch.test/manage/${booking.manageKey}`);
      expect(reminder?.text).toContain('What to bring:');
      expect(reminder?.icalEvent?.content).toContain(`UID:booking-${booking.id}@play.hatch.test`);
      const [chaser] = await mailsOf(booking.id, 'balance_due_reminder');
      expect(chaser?.subject).toBe('Your hatch balance of £90.00 is due today');
      expect(chaser?.text).toContain(BANK);
      expect(chaser?.text).toContain(`Reference: HATCH-${booking.tempCode}`);
      const [feedback] = await mailsOf(booking.id, 'feedback_request');
      expect(feedback?.text).toContain(`https://play.hatch.test/manage/${booking.manageKey}/feedback`);
    });
  }

  it('skips a reminder already past when the booking is made, and plans the ones still ahead', async () => {
    const { booking } = await gameAt('Europe/London', '2027-11-03', '2027-10-30T12:00:00Z');
    await run('2027-10-30T12:00:00Z');
    const planned = await scheduleOf(booking.id);
    expect(planned.find((m) => m.kind === 'game_reminder_first')).toMatchObject({ status: 'skipped', due_at: '2027-10-27T09:00:00.000Z' });
    expect(dueOf(planned)).toMatchObject({ game_reminder_second: '2027-11-02T10:00:00.000Z' });
    // The balance was due on booking (under 14 days away): its reminders are past, staff hear the next morning.
    expect(dueOf(planned)).toMatchObject({ balance_overdue: '2027-10-31T09:00:00.000Z' });
    await run('2027-11-02T10:00:00Z');
    expect(await mailsOf(booking.id, 'game_reminder_first')).toHaveLength(0);
    expect(await mailsOf(booking.id, 'game_reminder_second')).toHaveLength(1);
  });
});

describe('a change of the booking re-plans its messages', { tags: ['postgres'] }, () => {
  it('a date move by staff moves the waiting messages to the new date, the same rows', async () => {
    const { booking } = await gameAt('Europe/London', '2027-11-03');
    await run('2027-09-02T12:00:00Z');
    const before = await scheduleOf(booking.id);
    const moved = await admin.patch(`/api/admin/bookings/${booking.id}`, { utcDateTime: '2027-11-10T15:00:00.000Z', timezone: 'Europe/London' });
    expect(moved.statusCode).toBe(200);
    await run('2027-09-02T12:00:05Z');
    const after = await scheduleOf(booking.id);
    expect(dueOf(after)).toEqual({
      balance_reminder: '2027-10-24T09:00:00.000Z',
      balance_due_reminder: '2027-10-27T09:00:00.000Z',
      balance_overdue: '2027-10-28T08:00:00.000Z',
      game_reminder_first: '2027-11-03T10:00:00.000Z', // now after the change: 10:00 GMT
      game_reminder_second: '2027-11-09T10:00:00.000Z',
      feedback_request: '2027-11-10T19:00:00.000Z',
    });
    expect(after.map((m) => m.id).sort()).toEqual(before.map((m) => m.id).sort());
    // The old instants send nothing.
    await run('2027-10-27T09:00:00Z');
    expect(await mailsOf(booking.id, 'game_reminder_first')).toHaveLength(0);
  });

  it('staff see the new due times on the timeline right after the move, not only after the next run (issue 36)', async () => {
    const { booking } = await gameAt('Europe/London', '2030-11-06', '2030-09-01T12:00:00Z');
    const before = dueOf(await scheduleOf(booking.id));
    expect(before.game_reminder_second).toBe('2030-11-05T10:00:00.000Z');
    const moved = await admin.patch(`/api/admin/bookings/${booking.id}`, { utcDateTime: '2030-11-13T15:00:00.000Z', timezone: 'Europe/London' });
    expect(moved.statusCode).toBe(200);
    const after = dueOf(await scheduleOf(booking.id));
    expect(after.game_reminder_second).toBe('2030-11-12T10:00:00.000Z');
    expect(after.feedback_request).toBe('2030-11-13T19:00:00.000Z');
  });

  it('paying the balance skips the chasers still waiting, and staff hear nothing', async () => {
    const { booking } = await gameAt('America/New_York', '2027-11-10');
    await run('2027-09-02T12:00:00Z');
    await withBooking(t.db, { id: booking.id }, { actor: { source: 'system', userId: null } }, (write) =>
      recordPayment(write, { paymentType: 'bank_transfer', paymentAmount: 9_000, recordedBy: null }, null),
    );
    await run('2027-09-02T12:00:05Z');
    const after = await scheduleOf(booking.id);
    expect(Object.keys(dueOf(after)).sort()).toEqual(['feedback_request', 'game_reminder_first', 'game_reminder_second']);
    expect(after.filter((m) => m.kind.startsWith('balance')).map((m) => m.status)).toEqual(['skipped', 'skipped', 'skipped']);
    await run('2027-10-28T13:00:00Z');
    expect(await mailsOf(booking.id, 'balance_overdue')).toHaveLength(0);
  });
});

describe('each message is sent once, with two processes running the scheduler', { tags: ['postgres'] }, () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp({ config: t.app.deps.config, database: t.database, logger: false, webRoot: '/nonexistent-web-root' });
    await other.ready();
  });
  afterAll(async () => other?.close());

  it('sends every due message of every booking once, however the runs of two apps overlap, and again none after a restart', async () => {
    const games = await Promise.all(
      Array.from({ length: 6 }, (_, i) => gameAt(['Europe/London', 'America/New_York', 'Asia/Tokyo'][i % 3] ?? 'UTC', '2027-11-12')),
    );
    // The two apps plan at the same moment, then run together past the reminders, the chasers and the notice: at
    // noon in Tokyo (night in London and New York: their bookers' messages wait), then at 16:00 in London, 11:00 in New York.
    await Promise.all([run('2027-09-03T12:00:00Z'), run('2027-09-03T12:00:00Z', other)]);
    for (const at of ['2027-11-11T03:00:00Z', '2027-11-11T16:00:00Z']) {
      await Promise.all([run(at), run(at, other), run(at), run(at, other)]);
    }
    // A restarted process finds nothing left to send.
    const restarted = await buildApp({ config: t.app.deps.config, database: t.database, logger: false, webRoot: '/nonexistent-web-root' });
    await restarted.ready();
    await Promise.all([run('2027-11-11T16:05:00Z', restarted), run('2027-11-11T16:05:00Z', other)]);
    await restarted.close();
    for (const { booking } of games) {
      const kinds = (await mailsOf(booking.id)).map((m) => m.kind).sort();
      expect(kinds).toEqual(['balance_due_reminder', 'balance_overdue', 'balance_reminder', 'game_reminder_first', 'game_reminder_second']);
      expect((await scheduleOf(booking.id)).filter((m) => m.status === 'sent')).toHaveLength(5);
    }
  });
});

describe('quiet hours', { tags: ['postgres'] }, () => {
  it('a run late at night sends nothing to the booker: their messages wait for 08:00; staff’s notice goes at once', async () => {
    const { booking } = await gameAt('America/New_York', '2027-11-10');
    await run('2027-09-04T12:00:00Z');
    // 22:30 EDT on 28 October: the two balance reminders and the staff notice are all due.
    await run('2027-10-29T02:30:00Z');
    expect(await mailsOf(booking.id, 'balance_reminder')).toHaveLength(0);
    expect(await mailsOf(booking.id, 'balance_due_reminder')).toHaveLength(0);
    expect(await mailsOf(booking.id, 'balance_overdue')).toHaveLength(1);
    expect(dueOf(await scheduleOf(booking.id))).toMatchObject({
      balance_reminder: '2027-10-29T12:00:00.000Z', // 08:00 EDT
      balance_due_reminder: '2027-10-29T12:00:00.000Z',
    });
    await run('2027-10-29T11:59:59Z');
    expect(await mailsOf(booking.id, 'balance_reminder')).toHaveLength(0);
    await run('2027-10-29T12:00:00Z');
    expect(await mailsOf(booking.id, 'balance_reminder')).toHaveLength(1);
    expect(await mailsOf(booking.id, 'balance_due_reminder')).toHaveLength(1);
  });
});

describe('staff', () => {
  it('skip a scheduled message: it is never sent, the skip is logged; a sent one or another booking’s cannot be skipped', async () => {
    const { booking } = await gameAt('Europe/London', '2027-11-03');
    const { booking: otherBooking } = await gameAt('Europe/London', '2027-11-03');
    await run('2027-09-05T12:00:00Z');
    const first = (await scheduleOf(booking.id)).find((m) => m.kind === 'game_reminder_first');
    if (!first) throw new Error('no first reminder');
    const url = `/api/admin/bookings/${booking.id}/scheduled-messages/${first.id}/skip`;
    const host = await t.as('host');
    expect((await host.post(url)).statusCode).toBe(403);
    expect((await (await t.visitor()).post(url)).statusCode).toBe(401);
    expect((await admin.inject({ method: 'POST', url, csrf: false })).statusCode).toBe(419);
    expect((await admin.post(`/api/admin/bookings/${otherBooking.id}/scheduled-messages/${first.id}/skip`)).statusCode).toBe(404);
    const skipped = await admin.post(url);
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toEqual({ scheduled_message: { ...first, status: 'skipped' } });
    expect((await admin.post(url)).statusCode).toBe(409);
    await run('2027-10-27T09:00:00Z');
    expect(await mailsOf(booking.id, 'game_reminder_first')).toHaveLength(0);
    expect((await scheduleOf(booking.id)).find((m) => m.id === first.id)?.status).toBe('skipped');
    const timeline = (await admin.get(`/api/admin/bookings/${booking.id}/timeline`)).json<{ entries: { summary: string }[] }>();
    expect(timeline.entries.map((e) => e.summary)).toContain("Skipped the scheduled message 'Game reminder (first)'");
  });

  it('set the reminder days for the install, 7 and 1 until then; the next run re-plans upcoming bookings', async () => {
    const url = '/api/admin/message-settings';
    expect((await admin.get(url)).json()).toEqual({ first_reminder_days: 7, second_reminder_days: 1 });
    expect((await (await t.as('host')).put(url, { first_reminder_days: 10, second_reminder_days: 2 })).statusCode).toBe(403);
    const bad = await admin.put(url, { first_reminder_days: 2, second_reminder_days: 2 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.first_reminder_days).toEqual(['The first reminder must come before the second (more days before the game).']);
    const { booking } = await gameAt('Europe/London', '2027-11-24');
    await run('2027-09-06T12:00:00Z');
    const saved = await admin.put(url, { first_reminder_days: 10, second_reminder_days: 2 });
    expect(saved.statusCode).toBe(200);
    await run('2027-09-06T12:00:05Z');
    expect(dueOf(await scheduleOf(booking.id))).toMatchObject({
      game_reminder_first: '2027-11-14T10:00:00.000Z',
      game_reminder_second: '2027-11-22T10:00:00.000Z',
    });
    expect((await admin.put(url, { first_reminder_days: 7, second_reminder_days: 1 })).statusCode).toBe(200);
    await run('2027-09-06T12:00:10Z');
  });

  it('see an overdue balance counted in /metrics until it is paid', async () => {
    const scrape = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      const line = res.body.split('\n').find((l) => l.startsWith('hatch_bookings_balance_overdue '));
      return Number(line?.split(' ')[1]);
    };
    const { booking } = await gameAt('Asia/Tokyo', '2028-01-20');
    await run('2027-09-07T12:00:00Z');
    // Every other booking's notice due by then goes first, so the count moves by this booking alone.
    await run('2028-01-06T23:59:59Z');
    const before = await scrape();
    await run('2028-01-07T00:00:00Z'); // 09:00 JST, the day after the balance was due
    expect(await mailsOf(booking.id, 'balance_overdue')).toHaveLength(1);
    expect(await scrape()).toBe(before + 1);
    // The badge staff see: on the booking's detail (its timeline) and its row of the admin list.
    const overdue = async () => ({
      detail: (await admin.get(`/api/admin/bookings/${booking.id}/timeline`)).json<{ balance_overdue: boolean }>().balance_overdue,
      list: (await admin.get(`/api/admin/bookings?search=${encodeURIComponent(booking.email)}`))
        .json<{ bookings: { id: number; balance_overdue: boolean }[] }>()
        .bookings.find((b) => b.id === booking.id)?.balance_overdue,
    });
    expect(await overdue()).toEqual({ detail: true, list: true });
    await withBooking(t.db, { id: booking.id }, { actor: { source: 'system', userId: null } }, (write) =>
      recordPayment(write, { paymentType: 'bank_transfer', paymentAmount: 9_000, recordedBy: null }, null),
    );
    expect(await scrape()).toBe(before);
    expect(await overdue()).toEqual({ detail: false, list: false });
  });

  it('see a message failed when the outbox gave up on its mail', async () => {
    const { booking } = await gameAt('Europe/London', '2027-11-03');
    await run('2027-09-08T12:00:00Z');
    await run('2027-10-27T09:00:00Z');
    expect(await statusOf(booking.id, 'game_reminder_first')).toBe('sent');
    // The SMTP server refuses and MAIL_MAX_ATTEMPTS is 1: the outbox marks the mail failed at once.
    // Each batch takes the oldest waiting mails first (other tests' mails wait too): the reminder's turn comes.
    for (let i = 0; i < 50 && (await mailsOf(booking.id, 'game_reminder_first'))[0]?.status !== 'failed'; i++) await t.app.deps.mail.deliverPending();
    expect(await statusOf(booking.id, 'game_reminder_first')).toBe('failed');
  });
});
