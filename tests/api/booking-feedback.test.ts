import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking } from '../support/fixtures';
import { bookingFeedback } from '../../src/server/domains/booking/tables/booking-feedback';
import { adminFeedbackResponse, bookerFeedbackResponse, feedbackMetricsResponse } from '../../src/shared/api/feedback';

/**
 * Issue 31 (decision 0393): the booker rates the game 1–5 with a comment from the feedback page (by the management key),
 * once it is over; giving it again overwrites it; staff read it on the booking and as an average in the stats tab.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());

const played = (date: string, overrides: Parameters<typeof createBooking>[1] = {}) =>
  createBooking(t.db, { date, utcDateTime: new Date(`${date}T14:00:00Z`), timezone: 'Europe/London', ...overrides });
const feedbackUrl = (key: string) => `/api/manage/${key}/feedback`;
const stored = async (bookingId: number) => (await t.db.select().from(bookingFeedback).where(eq(bookingFeedback.bookingId, bookingId)))[0];

describe('the booker gives feedback', () => {
  it('after the game: a rating and a comment, read back; given again it replaces the first', async () => {
    const booking = await played('2026-02-10', { city: 'Bristol' });
    const visitor = await t.visitor();
    const before = bookerFeedbackResponse.parse((await visitor.get(feedbackUrl(booking.manageKey))).json());
    expect(before).toEqual({ feedback: null, window: 'open', game: { city: 'Bristol', date: '2026-02-10', code: booking.tempCode } });

    const res = await visitor.put(feedbackUrl(booking.manageKey), { rating: 5, comment: '  Brilliant afternoon!  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().feedback).toMatchObject({ rating: 5, comment: 'Brilliant afternoon!' });
    const first = await stored(booking.id);

    const again = await (await t.visitor()).put(feedbackUrl(booking.manageKey), { rating: 4 });
    expect(again.statusCode, again.body).toBe(200);
    const read = bookerFeedbackResponse.parse((await visitor.get(feedbackUrl(booking.manageKey))).json());
    expect(read.feedback).toMatchObject({ rating: 4, comment: '', created_at: first?.createdAt.toISOString() });
    expect(await t.db.select().from(bookingFeedback).where(eq(bookingFeedback.bookingId, booking.id))).toHaveLength(1);
  });

  it('refuses bad input with a 422 naming the field, and stores nothing', async () => {
    const booking = await played('2026-02-11');
    const visitor = await t.visitor();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rating: 0 }, 'rating', 'Please choose a rating from 1 to 5'],
      [{ rating: 6 }, 'rating', 'Please choose a rating from 1 to 5'],
      [{ rating: 3.5 }, 'rating', 'Please choose a rating from 1 to 5'],
      [{ rating: '5' }, 'rating', 'Please choose a rating from 1 to 5'],
      [{ comment: 'Fun' }, 'rating', 'Please choose a rating from 1 to 5'],
      [{ rating: 4, comment: 'x'.repeat(2001) }, 'comment', 'Please keep the comment under 2000 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await visitor.put(feedbackUrl(booking.manageKey), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect(await stored(booking.id)).toBeUndefined();
  });

  it('is refused before the game is over and on a cancelled booking (409), and a wrong key is a 404', async () => {
    const visitor = await t.visitor();
    const ahead = await played('2031-03-01');
    expect(bookerFeedbackResponse.parse((await visitor.get(feedbackUrl(ahead.manageKey))).json()).window).toBe('not_yet');
    const early = await visitor.put(feedbackUrl(ahead.manageKey), { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('You can rate your game once it has been played.');

    const cancelled = await played('2026-02-12', { bookingStatus: 'cancelled' });
    const refused = await visitor.put(feedbackUrl(cancelled.manageKey), { rating: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This booking was cancelled, so there is no game to rate.');
    expect(await stored(ahead.id)).toBeUndefined();
    expect(await stored(cancelled.id)).toBeUndefined();

    expect((await visitor.get(feedbackUrl('not-a-real-key-00000000000000000000000'))).statusCode).toBe(404);
    expect((await visitor.put(feedbackUrl('not-a-real-key-00000000000000000000000'), { rating: 5 })).statusCode).toBe(404);
  });
});

describe('staff read the feedback', () => {
  it('on the booking, admins only', async () => {
    const booking = await played('2026-02-13');
    expect(adminFeedbackResponse.parse((await admin.get(`/api/admin/bookings/${booking.id}/feedback`)).json())).toEqual({ feedback: null });
    await (await t.visitor()).put(feedbackUrl(booking.manageKey), { rating: 3, comment: 'The rain did not help' });
    const res = await admin.get(`/api/admin/bookings/${booking.id}/feedback`);
    expect(adminFeedbackResponse.parse(res.json()).feedback).toMatchObject({ rating: 3, comment: 'The rain did not help' });
    expect((await admin.get('/api/admin/bookings/987654/feedback')).statusCode).toBe(404);
    expect((await (await t.visitor()).get(`/api/admin/bookings/${booking.id}/feedback`)).statusCode).toBe(401);
    expect((await (await t.as('host')).get(`/api/admin/bookings/${booking.id}/feedback`)).statusCode).toBe(403);
  });

  it('as the average rating of the games played in a range, for the stats tab', async () => {
    const ratings: [string, number][] = [
      ['2025-05-03', 5],
      ['2025-05-10', 4],
      ['2025-05-20', 4],
      ['2025-06-02', 1],
    ];
    for (const [date, rating] of ratings) {
      const b = await played(date);
      expect((await (await t.visitor()).put(feedbackUrl(b.manageKey), { rating })).statusCode).toBe(200);
    }
    const metrics = async (start: string, end: string) =>
      feedbackMetricsResponse.parse((await admin.get(`/api/admin/bookings/feedback-metrics?start_date=${start}&end_date=${end}`)).json());
    expect(await metrics('2025-05-01', '2025-05-31')).toEqual({ average: 4.3, count: 3 });
    expect(await metrics('2025-05-01', '2025-06-30')).toEqual({ average: 3.5, count: 4 });
    expect(await metrics('2025-07-01', '2025-07-31')).toEqual({ average: null, count: 0 });
    expect((await admin.get('/api/admin/bookings/feedback-metrics?start_date=nope&end_date=2025-07-31')).statusCode).toBe(422);
    expect((await (await t.as('user')).get('/api/admin/bookings/feedback-metrics?start_date=2025-05-01&end_date=2025-05-31')).statusCode).toBe(403);
  });
});
