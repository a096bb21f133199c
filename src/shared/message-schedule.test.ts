import { describe, expect, it } from 'vitest';
import { isQuietHour, outOfQuietHours, planMessages, reminderDaysProblem, type ScheduleFacts } from './message-schedule';

const facts = (over: Partial<ScheduleFacts> = {}): ScheduleFacts => ({
  date: '2026-11-03',
  timezone: 'America/New_York',
  meetingTime: { hour: 15, minute: 0 },
  utcDateTime: null,
  duration: 120,
  bookingStatus: 'paid',
  leadStatus: 'converted',
  paymentMethod: 'card',
  amountDue: 0,
  bookedAt: new Date('2026-09-01T12:00:00Z'),
  ...over,
});

const due = (f: ScheduleFacts, days?: { first: number; second: number }) =>
  Object.fromEntries(planMessages(f, days).map((m) => [m.kind, m.dueAt.toISOString()]));

describe('game reminders', () => {
  it('fall at 10:00 in New York on either side of the end of daylight saving (1 November 2026)', () => {
    expect(due(facts())).toMatchObject({
      game_reminder_first: '2026-10-27T14:00:00.000Z', // 10:00 EDT
      game_reminder_second: '2026-11-02T15:00:00.000Z', // 10:00 EST
    });
  });
  it('fall at 10:00 in London across the change of 25 October 2026', () => {
    expect(due(facts({ date: '2026-10-28', timezone: 'Europe/London' }))).toMatchObject({
      game_reminder_first: '2026-10-21T09:00:00.000Z', // 10:00 BST
      game_reminder_second: '2026-10-27T10:00:00.000Z', // 10:00 GMT
    });
  });
  it('fall at 10:00 in Tokyo, which keeps no daylight saving', () => {
    expect(due(facts({ date: '2026-10-28', timezone: 'Asia/Tokyo' }))).toMatchObject({
      game_reminder_first: '2026-10-21T01:00:00.000Z',
      game_reminder_second: '2026-10-27T01:00:00.000Z',
    });
  });
  it('follow the install’s reminder days', () => {
    expect(due(facts({ timezone: 'Europe/London' }), { first: 14, second: 2 })).toMatchObject({
      game_reminder_first: '2026-10-20T09:00:00.000Z',
      game_reminder_second: '2026-11-01T10:00:00.000Z',
    });
  });
  it('are only for a paid, open booking', () => {
    expect(due(facts({ bookingStatus: 'lead' }))).toEqual({});
    expect(due(facts({ bookingStatus: 'lead', leadStatus: 'lost' }))).toEqual({});
    expect(due(facts({ bookingStatus: 'cancelled' }))).toEqual({});
  });
});

describe('balance chasers (bank transfer)', () => {
  const bank = (over: Partial<ScheduleFacts> = {}) => facts({ paymentMethod: 'bank_transfer', amountDue: 5000, ...over });
  it('chase the balance 3 days before its due date (14 days before the game) and on it, and tell staff the morning after', () => {
    // Due 20 October 2026 in New York (still EDT).
    expect(due(bank())).toMatchObject({
      balance_reminder: '2026-10-17T14:00:00.000Z',
      balance_due_reminder: '2026-10-20T14:00:00.000Z',
      balance_overdue: '2026-10-21T13:00:00.000Z',
    });
  });
  it('fall across the DST change in London when the balance is due on the change', () => {
    // Game 8 November: due 25 October, the day clocks go back.
    expect(due(bank({ date: '2026-11-08', timezone: 'Europe/London' }))).toMatchObject({
      balance_reminder: '2026-10-22T09:00:00.000Z',
      balance_due_reminder: '2026-10-25T10:00:00.000Z',
      balance_overdue: '2026-10-26T09:00:00.000Z',
    });
  });
  it('take the due date the booker was told at booking: on booking day when the game was under 14 days away', () => {
    const late = bank({ date: '2026-11-03', bookedAt: new Date('2026-10-30T12:00:00Z') });
    expect(due(late)).toMatchObject({ balance_due_reminder: '2026-10-30T14:00:00.000Z', balance_overdue: '2026-10-31T13:00:00.000Z' });
  });
  it('are not planned by card, nor when nothing is due, nor on a closed booking', () => {
    expect(Object.keys(due(bank({ paymentMethod: 'card' })))).not.toContain('balance_reminder');
    expect(Object.keys(due(bank({ amountDue: 0 })))).not.toContain('balance_reminder');
    expect(due(bank({ bookingStatus: 'lead', leadStatus: 'trash' }))).toEqual({});
  });
  it('chase an unpaid lead as well as a part-paid booking', () => {
    expect(Object.keys(due(bank({ bookingStatus: 'lead' })))).toEqual(['balance_reminder', 'balance_due_reminder', 'balance_overdue']);
  });
});

describe('feedback request', () => {
  it('comes two hours after the booked end', () => {
    expect(due(facts({ meetingTime: { hour: 12, minute: 0 } })).feedback_request).toBe('2026-11-03T21:00:00.000Z'); // 16:00 EST
  });
  it('moves out of quiet hours to 08:00 the next morning', () => {
    // Meets 18:30 in Tokyo, ends 20:30, +2 h = 22:30: held until 08:00 the next day (23:00Z).
    expect(due(facts({ timezone: 'Asia/Tokyo', meetingTime: { hour: 18, minute: 30 } })).feedback_request).toBe('2026-11-03T23:00:00.000Z');
  });
});

describe('quiet hours', () => {
  it('run from 21:00 to 08:00 in the zone', () => {
    expect(isQuietHour(new Date('2026-07-01T19:59:00Z'), 'Europe/London')).toBe(false); // 20:59 BST
    expect(isQuietHour(new Date('2026-07-01T20:00:00Z'), 'Europe/London')).toBe(true); // 21:00 BST
    expect(isQuietHour(new Date('2026-07-01T06:59:00Z'), 'Europe/London')).toBe(true); // 07:59 BST
    expect(isQuietHour(new Date('2026-07-01T07:00:00Z'), 'Europe/London')).toBe(false); // 08:00 BST
  });
  it('move a time inside them to 08:00: the same morning after midnight, the next one before it', () => {
    expect(outOfQuietHours(new Date('2026-11-02T03:00:00Z'), 'America/New_York').toISOString()).toBe('2026-11-02T13:00:00.000Z');
    // 22:00 EDT on 31 October; the next 08:00 is 1 November, after the change: EST.
    expect(outOfQuietHours(new Date('2026-11-01T02:00:00Z'), 'America/New_York').toISOString()).toBe('2026-11-01T13:00:00.000Z');
    const noon = new Date('2026-11-02T17:00:00Z');
    expect(outOfQuietHours(noon, 'America/New_York')).toBe(noon);
  });
});

describe('reminder days', () => {
  it('are 1–60, the first before the second', () => {
    expect(reminderDaysProblem({ first: 7, second: 1 })).toBeNull();
    expect(reminderDaysProblem({ first: 1, second: 1 })).toMatch(/first reminder must come before/);
    expect(reminderDaysProblem({ first: 61, second: 1 })).toMatch(/1 to 60/);
    expect(reminderDaysProblem({ first: 7, second: 0 })).toMatch(/1 to 60/);
  });
});
