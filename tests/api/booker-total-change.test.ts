import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/test-app';
import { bookingBody } from '../../scripts/booking-body';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { bookerBookingResponse } from '../../src/shared/api/booking';

/**
 * Issue 31 (decision 0392): a booker's own change that alters the total (players, plan, add-ons) sends a new
 * confirmation with the current amount; a change that leaves the total as it was sends none.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://hatch.example', BANK_TRANSFER_DETAILS: 'Hatch Ltd\nAccount 12345678' });
});
afterAll(async () => t.close());

const confirmations = (bookingId: number) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, bookingId), eq(mailOutbox.kind, 'booking_confirmation')))
    .orderBy(asc(mailOutbox.id));

describe("the booker's own change of the total", () => {
  it('mails a new confirmation with the new total and its payment terms; the latest mail always names the current amount', async () => {
    const visitor = await t.visitor();
    const created = await visitor.post('/api/bookings', bookingBody({ players: 8, date: '2031-06-14' }));
    expect(created.statusCode, created.body).toBe(201);
    const booking = bookerBookingResponse.parse(created.json()).booking;
    expect(await confirmations(booking.id)).toHaveLength(1);
    const code = { 'x-booking-code': booking.temp_code };

    // 8 → 10 players at £15: £120 → £150.
    const more = await visitor.patch(`/api/bookings/${booking.id}`, { players: 10 }, code);
    expect(more.statusCode, more.body).toBe(200);
    expect(bookerBookingResponse.parse(more.json()).booking.total_price).toBe(150);
    const [first, second] = await confirmations(booking.id);
    expect(first?.text).toContain('Total: £120\n');
    expect(second?.to).toBe(booking.email);
    expect(second?.subject).toContain('Updated booking');
    expect(second?.subject).toContain('now £150');
    expect(second?.text).toContain('Your booking has changed and so has its total: it is now £150.');
    expect(second?.text).toContain('Players: 10');
    expect(second?.text).toContain('Total: £150\n');
    expect(second?.text).toContain('pay a deposit of £37.50 (25 %) or the full £150.00.');
    expect(second?.text).toContain(`Reference: HATCH-${booking.temp_code}`);
    expect(second?.text).not.toContain('£120');
    expect(second?.html).toContain('£150');
    // The new confirmation is about the game too: it carries the calendar invite.
    expect(second?.icalEvent?.method).toBe('REQUEST');

    // A change of plan alters the total again: a third confirmation, with the plan's price.
    const plan = await visitor.patch(`/api/bookings/${booking.id}`, { plan_type: 'pro' }, code);
    expect(plan.statusCode, plan.body).toBe(200);
    const now = bookerBookingResponse.parse(plan.json()).booking;
    expect(now.total_price).not.toBe(150);
    const all = await confirmations(booking.id);
    expect(all).toHaveLength(3);
    const total = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 }).format(now.total_price);
    expect(all[2]?.text).toContain(`Total: ${total}\n`);
    expect(all[2]?.text).toContain('Game type: Weapons');
  });

  it('sends none for a change that leaves the total as it was (contact details, the date), nor for a refused change', async () => {
    const visitor = await t.visitor();
    const created = await visitor.post('/api/bookings', bookingBody({ players: 8 }));
    const booking = bookerBookingResponse.parse(created.json()).booking;
    const code = { 'x-booking-code': booking.temp_code };
    expect((await visitor.patch(`/api/bookings/${booking.id}`, { full_name: 'Renamed Booker' }, code)).statusCode).toBe(200);
    expect((await visitor.patch(`/api/bookings/${booking.id}`, { date: '2031-06-21' }, code)).statusCode).toBe(200);
    expect((await visitor.patch(`/api/bookings/${booking.id}`, { players: 8 }, code)).statusCode).toBe(200);
    const refused = await visitor.patch(`/api/bookings/${booking.id}`, { players: 250 }, code);
    expect(refused.statusCode).toBe(422);
    expect(await confirmations(booking.id)).toHaveLength(1);
  });
});
