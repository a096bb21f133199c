import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking, startableSchedule } from '../support/fixtures';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { bookingPayments } from '../../src/server/domains/commerce/tables/ledger';
import { gameInstances } from '../../src/server/domains/game/tables/games';
import { endDueGames } from '../../src/server/domains/game/game-lifecycle';
import { adminBookingResponse } from '../../src/shared/api/booking';
import { consoleResponse } from '../../src/shared/api/host';
import { DETAIL_MESSAGES } from '../../src/shared/api/admin-booking-detail';

let t: TestApp;
let admin: Agent & { userId: number };
let host: Agent & { userId: number };
let otherHost: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  host = await t.as('host');
  otherHost = await t.as('host');
});
afterAll(async () => t.close());

const url = (id: number, rest = '') => `/api/admin/bookings/${id}${rest}`;
const bookingOf = (res: { json(): unknown }) => adminBookingResponse.parse(res.json()).booking;
const MINUTE = 60_000;

/** dd/MM/yyyy HH:mm in a zone, written with Intl (not with the code under test). */
function shown(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

async function statusOf(id: number): Promise<string | undefined> {
  return (await t.db.select({ s: bookings.bookingStatus }).from(bookings).where(eq(bookings.id, id)))[0]?.s;
}
async function instancesOf(gameId: number) {
  return t.db.select().from(gameInstances).where(eq(gameInstances.gameId, gameId));
}

/** A paid game whose meeting is `minutesAhead` from now (negative: past), in New York time, hosted by `host`. */
async function gameMeeting(minutesAhead: number, extra: Parameters<typeof createPaidBooking>[1] = {}) {
  const paid = await createPaidBooking(t.db, { ...startableSchedule({ minutesAhead, timezone: 'America/New_York' }), assignedHostId: host.userId, ...extra });
  return paid;
}

describe('Start Game only in its window (2 h before the meeting to 12 h after, in the game zone)', () => {
  it('refuses a start more than 2 hours early with 409 saying when it can start, and changes nothing', async () => {
    const { booking, gameId, gameCode } = await gameMeeting(2 * 60 + 2);
    const res = await admin.post(url(booking.id, '/start-game'));
    expect(res.statusCode).toBe(409);
    const opens = new Date((booking.utcDateTime?.getTime() ?? 0) - 2 * 60 * MINUTE);
    expect(res.json()).toEqual({
      message: `This game can be started from ${shown(opens, 'America/New_York')} (America/New_York).`,
      code: 'outside_start_window',
    });
    expect(await instancesOf(gameId)).toHaveLength(0);
    // The host console says the same.
    const viaHost = await host.post(`/api/host/games/${gameCode}/start`);
    expect(viaHost.statusCode).toBe(409);
    expect(viaHost.json().message).toBe(res.json().message);
  });

  it('starts just inside the window, before and after the meeting', async () => {
    const early = await gameMeeting(2 * 60 - 2);
    expect((await admin.post(url(early.booking.id, '/start-game'))).statusCode).toBe(200);
    const late = await gameMeeting(-(12 * 60 - 2));
    expect((await host.post(`/api/host/games/${late.gameCode}/start`)).statusCode).toBe(200);
  });

  it('refuses a start more than 12 hours after the meeting, saying the date must move', async () => {
    // No host: this file's other games hold the host around now, and a move onto a busy host is refused (0391).
    const { booking } = await gameMeeting(-(12 * 60 + 2), { assignedHostId: null });
    const res = await admin.post(url(booking.id, '/start-game'));
    expect(res.statusCode).toBe(409);
    const closes = new Date((booking.utcDateTime?.getTime() ?? 0) + 12 * 60 * MINUTE);
    expect(res.json()).toEqual({
      message: `This game could be started until ${shown(closes, 'America/New_York')} (America/New_York): move its date to start it.`,
      code: 'outside_start_window',
    });
    // Staff move the date first, then it starts.
    const moved = await admin.patch(url(booking.id), { utcDateTime: new Date(Date.now() + 30 * MINUTE).toISOString(), timezone: 'America/New_York' });
    expect(moved.statusCode).toBe(200);
    expect((await admin.post(url(booking.id, '/start-game'))).statusCode).toBe(200);
  });

  it("keeps 'Game already started' for a second start", async () => {
    const { booking } = await gameMeeting(30);
    expect((await admin.post(url(booking.id, '/start-game'))).statusCode).toBe(200);
    const again = await admin.post(url(booking.id, '/start-game'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Game already started', code: 'conflict' });
  });

  it('uses the meeting time 14:00 when a booking has none stored as an instant', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const { booking } = await createPaidBooking(t.db, { utcDateTime: null, date: today, meetingTime: { hour: 14, minute: 0 }, timezone: 'Europe/London' });
    const consoleRes = await admin.get(`/api/host/games/${await gameCodeOf(booking.id)}`);
    const meetingAt = consoleResponse.parse(consoleRes.json()).lifecycle.meeting_at;
    expect(meetingAt).not.toBeNull();
    expect(shown(new Date(meetingAt ?? ''), 'Europe/London')).toBe(`${today.split('-').reverse().join('/')} 14:00`);
  });
});

async function gameCodeOf(bookingId: number): Promise<string> {
  const res = await admin.get(url(bookingId));
  const code = bookingOf(res).game?.code;
  if (!code) throw new Error('no game');
  return code;
}

describe('End, completed, and Resume within 30 minutes', () => {
  async function playing() {
    const paid = await gameMeeting(10);
    expect((await admin.post(url(paid.booking.id, '/start-game'))).statusCode).toBe(200);
    return paid;
  }

  it('completes the booking when its game is ended by hand, and the admin resumes it: paid again, the clock goes on', async () => {
    const { booking, gameId } = await playing();
    const [live] = await instancesOf(gameId);
    const ended = await host.post(`/api/host/games/${await gameCodeOf(booking.id)}/end`);
    expect(ended.statusCode).toBe(200);
    expect(await statusOf(booking.id)).toBe('completed');
    const detail = bookingOf(await admin.get(url(booking.id)));
    expect(detail).toMatchObject({ booking_status: 'completed', game: { status: 'ended' } });
    const [stopped] = await instancesOf(gameId);
    const left = (live?.endsAt?.getTime() ?? 0) - (stopped?.endTime?.getTime() ?? 0);
    expect(left).toBeGreaterThan(100 * MINUTE);

    const resumed = await admin.post(url(booking.id, '/resume-game'));
    expect(resumed.statusCode).toBe(200);
    expect(bookingOf(resumed)).toMatchObject({ booking_status: 'paid', game: { status: 'live', ended_at: null } });
    const [again] = await instancesOf(gameId);
    expect(again?.status).toBe('live');
    // Ends at now + what was left: within a few seconds of it.
    expect(Math.abs((again?.endsAt?.getTime() ?? 0) - (Date.now() + left))).toBeLessThan(10_000);
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.bookingId, booking.id), eq(activityLog.action, 'game.resume')));
    expect(log).toHaveLength(1);
    expect(log[0]?.actorId).toBe(admin.userId);

    // The ticker ends it again at its new time, and the booking is completed again.
    // (Other tests' games share the database: this one is looked at by its own status.)
    await endDueGames(t.db, new Date((again?.endsAt?.getTime() ?? 0) - 1000));
    expect((await instancesOf(gameId))[0]?.status).toBe('live');
    expect(await endDueGames(t.db, new Date((again?.endsAt?.getTime() ?? 0) + 1000))).toBeGreaterThanOrEqual(1);
    expect(await statusOf(booking.id)).toBe('completed');
    const [done] = await instancesOf(gameId);
    expect(done).toMatchObject({ status: 'ended', endTime: again?.endsAt });
  });

  it('lets the game host resume from the console; another host is refused 403; after 30 minutes it is 409', async () => {
    const { booking, gameId } = await playing();
    const code = await gameCodeOf(booking.id);
    expect((await admin.post(`/api/host/games/${code}/end`)).statusCode).toBe(200);
    const stranger = await otherHost.post(`/api/host/games/${code}/resume`);
    expect(stranger.statusCode).toBe(403);
    const mine = await host.post(`/api/host/games/${code}/resume`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().game.status).toBe('live');
    expect(await statusOf(booking.id)).toBe('paid');

    expect((await host.post(`/api/host/games/${code}/end`)).statusCode).toBe(200);
    // The end was 31 minutes ago.
    const [instance] = await instancesOf(gameId);
    const endTime = new Date(Date.now() - 31 * MINUTE);
    await t.db
      .update(gameInstances)
      .set({ endTime, endsAt: new Date(endTime.getTime() + 60 * MINUTE) })
      .where(eq(gameInstances.id, instance?.id ?? 0));
    const late = await host.post(`/api/host/games/${code}/resume`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      message: `This game ended more than 30 minutes ago (at ${shown(endTime, 'America/New_York')}, America/New_York): it can no longer be resumed.`,
      code: 'resume_window_over',
    });
    expect((await admin.post(url(booking.id, '/resume-game'))).statusCode).toBe(409);
    expect(await statusOf(booking.id)).toBe('completed');
  });

  it('refuses to resume a game that is live, never started, or ended when its time ran out', async () => {
    const { booking, gameId } = await playing();
    const live = await admin.post(url(booking.id, '/resume-game'));
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toBe('Only an ended game can be resumed');
    const [instance] = await instancesOf(gameId);
    await t.db
      .update(gameInstances)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(gameInstances.id, instance?.id ?? 0));
    expect(await endDueGames(t.db)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(booking.id)).toBe('completed');
    const timeUp = await admin.post(url(booking.id, '/resume-game'));
    expect(timeUp.statusCode).toBe(409);
    expect(timeUp.json().message).toBe('This game ended at the end of its booked time: there is no time left to resume.');
    const fresh = await gameMeeting(10);
    expect((await admin.post(url(fresh.booking.id, '/resume-game'))).statusCode).toBe(409);
    const noGame = await createBooking(t.db);
    expect((await admin.post(url(noGame.id, '/resume-game'))).statusCode).toBe(422);
    expect((await admin.post(url(999_999, '/resume-game'))).statusCode).toBe(404);
  });

  it('tells played games from upcoming ones in the list and the metrics', async () => {
    const metrics = async () => (await admin.get('/api/admin/bookings/metrics')).json<{ upcoming: number; played: number }>();
    const before = await metrics();
    const { booking } = await playing();
    const mid = await metrics();
    expect(mid).toMatchObject({ upcoming: before.upcoming + 1, played: before.played });
    expect((await admin.post(url(booking.id, '/start-game'))).statusCode).toBe(409);
    expect((await admin.post(`/api/host/games/${await gameCodeOf(booking.id)}/end`)).statusCode).toBe(200);
    expect(await metrics()).toMatchObject({ upcoming: before.upcoming, played: before.played + 1 });
    const ids = async (status: string) =>
      (await admin.get(`/api/admin/bookings?status=${status}&per_page=100`)).json<{ bookings: { id: number }[] }>().bookings.map((b) => b.id);
    expect(await ids('completed')).toContain(booking.id);
    expect(await ids('paid')).not.toContain(booking.id);
    // Paid still means "has paid" for the play side: a later payment of a played booking keeps it completed.
    const pay = await admin.post(url(booking.id, '/payments'), { payment_type: 'cash', payment_amount: 500 });
    expect(pay.statusCode).toBe(201);
    expect(bookingOf(pay).booking_status).toBe('completed');
  });
});

describe('Weapons follow the plan', () => {
  it('turns weapons on when a Weapons or Bespoke booking becomes paid, off for Standard; staff can still toggle', async () => {
    for (const [planType, on] of [
      ['pro', true],
      ['bespoke', true],
      ['standard', false],
    ] as const) {
      const b = await createBooking(t.db, { planType, bookingStatus: 'lead' });
      const res = await admin.post(url(b.id, '/payments'), { payment_type: 'card', payment_amount: 1000 });
      expect(res.statusCode).toBe(201);
      expect(bookingOf(res).game?.weapons_on, planType).toBe(on);
    }
    const pro = await createBooking(t.db, { planType: 'pro', bookingStatus: 'lead' });
    await admin.post(url(pro.id, '/payments'), { payment_type: 'card', payment_amount: 1000 });
    const off = await admin.post(url(pro.id, '/toggle-weapons'), { weapons_on: false });
    expect(off.json()).toMatchObject({ weapons_on: false });
    // A later payment does not turn them back on.
    const again = await admin.post(url(pro.id, '/payments'), { payment_type: 'card', payment_amount: 1000 });
    expect(bookingOf(again).game?.weapons_on).toBe(false);
  });
});

describe('A lost or cancelled booking takes no payment until reopened', () => {
  it('refuses a payment on a lost lead with 409 and records nothing; after Reopen the payment is taken', async () => {
    const b = await createBooking(t.db, { bookingStatus: 'lead', leadStatus: 'lost', leadStatusReason: 'Went quiet' });
    const refused = await admin.post(url(b.id, '/payments'), { payment_type: 'cash', payment_amount: 5000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This booking is marked lost: reopen it before recording a payment.', code: 'booking_closed' });
    expect(await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, b.id))).toHaveLength(0);
    expect(await statusOf(b.id)).toBe('lead');

    const noReason = await admin.post(url(b.id, '/reopen'), { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    const reopened = await admin.post(url(b.id, '/reopen'), { reason: 'Called back, wants to book' });
    expect(reopened.statusCode).toBe(200);
    expect(bookingOf(reopened)).toMatchObject({ booking_status: 'lead', lead_status: 'contacted', lead_status_reason: 'Called back, wants to book' });
    expect(bookingOf(reopened).contact_history[0]?.note).toBe('Booking reopened (lead status changed to contacted): Called back, wants to book');
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.bookingId, b.id), eq(activityLog.action, 'booking.reopen')));
    expect(log).toHaveLength(1);

    const again = await admin.post(url(b.id, '/reopen'), { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This booking is open already.', code: 'transition_not_allowed' });

    const paid = await admin.post(url(b.id, '/payments'), { payment_type: 'cash', payment_amount: 5000 });
    expect(paid.statusCode).toBe(201);
    expect(bookingOf(paid)).toMatchObject({ booking_status: 'paid', lead_status: 'converted' });
  });

  it('refuses a payment on a cancelled booking and on a trashed enquiry; reopening a cancelled one makes it a lead', async () => {
    const cancelled = await createBooking(t.db, { bookingStatus: 'cancelled' });
    const res = await admin.post(url(cancelled.id, '/payments'), { payment_type: 'cash', payment_amount: 5000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This booking is cancelled: reopen it before recording a payment.');
    const trashed = await createBooking(t.db, { leadStatus: 'trash' });
    expect((await admin.post(url(trashed.id, '/payments'), { payment_type: 'cash', payment_amount: 5000 })).json().message).toBe(
      'This booking is in the trash: reopen it before recording a payment.',
    );
    expect(bookingOf(await admin.post(url(cancelled.id, '/reopen'), { reason: 'Back on' })).booking_status).toBe('lead');
    expect(bookingOf(await admin.post(url(trashed.id, '/reopen'), { reason: 'Not spam' })).booking_status).toBe('enquiry');
  });

  it('refuses Reopen to anyone but an admin', async () => {
    const b = await createBooking(t.db, { leadStatus: 'lost' });
    expect((await host.post(url(b.id, '/reopen'), { reason: 'x' })).statusCode).toBe(403);
    expect((await (await t.visitor()).post(url(b.id, '/reopen'), { reason: 'x' })).statusCode).toBe(401);
  });
});

describe('An admin date edit into the past', () => {
  async function mails(to: string) {
    return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  }

  it('is refused unless confirmed, and never mails the customer a past date', async () => {
    const b = await createBooking(t.db, { bookingStatus: 'lead' });
    const past = new Date(Date.now() - 3 * 24 * 60 * MINUTE).toISOString();
    const refused = await admin.patch(url(b.id), { utcDateTime: past, timezone: 'Europe/Paris' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: DETAIL_MESSAGES.pastStart, errors: { utcDateTime: [DETAIL_MESSAGES.pastStart] } });
    expect((await t.db.select().from(bookings).where(eq(bookings.id, b.id)))[0]?.utcDateTime?.toISOString()).toBe(b.utcDateTime?.toISOString());

    const confirmed = await admin.patch(url(b.id), { utcDateTime: past, timezone: 'Europe/Paris', confirm_past: true });
    expect(confirmed.statusCode).toBe(200);
    expect(bookingOf(confirmed).utcDateTime).toBe(past);
    expect(await mails(b.email)).toHaveLength(0);

    // A future date is mailed as before.
    const future = await admin.patch(url(b.id), { utcDateTime: '2031-02-01T10:00:00.000Z', timezone: 'Europe/Paris' });
    expect(future.statusCode).toBe(200);
    expect(await mails(b.email)).toHaveLength(1);
  });
});
