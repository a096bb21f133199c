import { describe, expect, it } from 'vitest';
import { TRIGGERS, type Trigger } from './actors';
import {
  BOOKING_STATES,
  BOOKING_TRANSITIONS,
  bookingState,
  bookingTransition,
  closedPaymentMessage,
  hasPaid,
  isClosed,
  type BookingState,
} from './booking-states';
import {
  bookedTimeIsUp,
  GAME_STATES,
  GAME_TRANSITIONS,
  gameTransition,
  isLiveNow,
  resumedEndsAt,
  resumeRefusal,
  startRefusal,
  type GameState,
} from './game-states';

/** Every (from, to, by) the machine allows, written out: anything else must be refused. */
const BOOKING_ALLOWED = new Set([
  'enquiry>lead:booker',
  'enquiry>paid:staff',
  'enquiry>paid:system',
  'lead>paid:staff',
  'lead>paid:system',
  'paid>lead:staff',
  'paid>lead:system',
  'paid>completed:staff',
  'paid>completed:host',
  'paid>completed:ticker',
  'completed>paid:staff',
  'completed>paid:host',
  'enquiry>closed:staff',
  'lead>closed:staff',
  'paid>closed:staff',
  'closed>lead:staff',
  'closed>enquiry:staff',
  'closed>lead:booker',
]);
const GAME_ALLOWED = new Set([
  'not_started>lobby:player',
  'not_started>live:staff',
  'not_started>live:host',
  'lobby>live:staff',
  'lobby>live:host',
  'live>ended:staff',
  'live>ended:host',
  'live>ended:ticker',
  'ended>live:staff',
  'ended>live:host',
]);

describe('the booking state machine', () => {
  it('allows exactly the transitions written down, each by whom it names, and refuses every other', () => {
    for (const from of BOOKING_STATES)
      for (const to of BOOKING_STATES)
        for (const by of TRIGGERS) {
          if (from === to) continue;
          const key = `${from}>${to}:${by}`;
          const decided = bookingTransition(from, to, by);
          expect(decided.ok, key).toBe(BOOKING_ALLOWED.has(key));
          if (!decided.ok) expect(decided.refusal.message.length, key).toBeGreaterThan(10);
        }
    expect(BOOKING_TRANSITIONS.flatMap((t) => t.from.flatMap((f) => t.by.map((b) => `${f}>${t.to}:${b}`))).sort()).toEqual([...BOOKING_ALLOWED].sort());
  });

  it('refuses paying a closed booking with the code the payments screen knows', () => {
    const decided = bookingTransition('closed', 'paid', 'staff');
    expect(decided.ok).toBe(false);
    if (!decided.ok) expect(decided.refusal.code).toBe('booking_closed');
  });

  it('reads lost, trash and cancelled as closed, and a paid or played booking as what it is', () => {
    const cases: [string, string, BookingState][] = [
      ['enquiry', 'new', 'enquiry'],
      ['lead', 'negotiating', 'lead'],
      ['lead', 'lost', 'closed'],
      ['enquiry', 'trash', 'closed'],
      ['cancelled', 'new', 'closed'],
      ['paid', 'converted', 'paid'],
      ['paid', 'lost', 'paid'],
      ['completed', 'converted', 'completed'],
    ];
    for (const [booking_status, lead_status, state] of cases)
      expect(bookingState({ booking_status, lead_status }), `${booking_status}/${lead_status}`).toBe(state);
    expect(isClosed({ booking_status: 'lead', lead_status: 'lost' })).toBe(true);
    expect(closedPaymentMessage({ booking_status: 'lead', lead_status: 'lost' })).toBe('This booking is marked lost: reopen it before recording a payment.');
    expect(closedPaymentMessage({ booking_status: 'cancelled', lead_status: 'new' })).toBe('This booking is cancelled: reopen it before recording a payment.');
  });

  it('has paid: paid or completed, nothing else', () => {
    expect(['enquiry', 'lead', 'paid', 'completed', 'cancelled'].filter(hasPaid)).toEqual(['paid', 'completed']);
  });
});

describe('the game state machine', () => {
  it('allows exactly the transitions written down, each by whom it names, and refuses every other', () => {
    for (const from of GAME_STATES)
      for (const to of GAME_STATES)
        for (const by of TRIGGERS) {
          if (from === to) continue;
          const key = `${from}>${to}:${by}`;
          expect(gameTransition(from, to, by).ok, key).toBe(GAME_ALLOWED.has(key));
        }
    expect(GAME_TRANSITIONS.flatMap((t) => t.from.flatMap((f) => t.by.map((b) => `${f}>${t.to}:${b}`))).sort()).toEqual([...GAME_ALLOWED].sort());
  });
});

describe('live now', () => {
  const now = new Date('2030-06-01T12:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);

  it('is a live instance whose booked time has not run out; the booked end itself is over', () => {
    expect(isLiveNow({ status: 'live', endsAt: at(1) }, now)).toBe(true);
    expect(isLiveNow({ status: 'live', endsAt: null }, now)).toBe(true);
    expect(isLiveNow({ status: 'live', endsAt: now }, now)).toBe(false);
    expect(isLiveNow({ status: 'live', endsAt: at(-1) }, now)).toBe(false);
    for (const status of ['lobby', 'ended', 'not_started']) expect(isLiveNow({ status, endsAt: at(60_000) }, now)).toBe(false);
    expect(isLiveNow(undefined, now)).toBe(false);
    expect(isLiveNow(null, now)).toBe(false);
  });

  it('has its time up exactly when the ticker may end it', () => {
    expect(bookedTimeIsUp(now, now)).toBe(true);
    expect(bookedTimeIsUp(at(1), now)).toBe(false);
    expect(bookedTimeIsUp(null, now)).toBe(false);
  });
});

describe('Start Game', () => {
  // 21/11/2026 14:00 in London is 14:00 UTC; in Sydney (UTC+11) 22/11/2026 01:00.
  const meetingAt = new Date('2026-11-21T14:00:00Z');
  const facts = (now: string, state: GameState | null = 'not_started', bookingStatus = 'paid', timeZone = 'Europe/London') => ({
    state,
    bookingStatus,
    meetingAt,
    timeZone,
    now: new Date(now),
  });

  it('opens 2 hours before the meeting time and closes 12 hours after it, saying when in the game zone', () => {
    expect(startRefusal(facts('2026-11-21T11:59:59Z'))).toEqual({
      status: 409,
      code: 'outside_start_window',
      message: 'This game can be started from 21/11/2026 12:00 (Europe/London).',
    });
    expect(startRefusal(facts('2026-11-21T12:00:00Z'))).toBeNull();
    expect(startRefusal(facts('2026-11-22T02:00:00Z', 'lobby'))).toBeNull();
    expect(startRefusal(facts('2026-11-22T02:00:01Z'))).toEqual({
      status: 409,
      code: 'outside_start_window',
      message: 'This game could be started until 22/11/2026 02:00 (Europe/London): move its date to start it.',
    });
    expect(startRefusal(facts('2026-11-20T09:00:00Z', 'not_started', 'paid', 'Australia/Sydney'))?.message).toBe(
      'This game can be started from 21/11/2026 23:00 (Australia/Sydney).',
    );
  });

  it("keeps 'Game already started' for a live or ended game, and the 422s for no game or not paid", () => {
    expect(startRefusal(facts('2026-11-21T13:00:00Z', 'live'))?.message).toBe('Game already started');
    expect(startRefusal(facts('2026-11-21T13:00:00Z', 'ended'))).toMatchObject({ status: 409, message: 'Game already started' });
    expect(startRefusal(facts('2026-11-21T13:00:00Z', 'not_started', 'lead'))).toMatchObject({
      status: 422,
      message: 'The booking is not paid yet: record a payment first',
    });
    expect(startRefusal(facts('2026-11-21T13:00:00Z', null, 'paid'))).toMatchObject({ status: 422, message: 'No game associated with this booking' });
  });
});

describe('Resume Game', () => {
  const endedAt = new Date('2026-11-21T15:00:00Z');
  const endsAt = new Date('2026-11-21T15:45:00Z');
  const facts = (now: string, over: Partial<Parameters<typeof resumeRefusal>[0]> = {}) => ({
    state: 'ended' as const,
    endedAt,
    endsAt,
    timeZone: 'Europe/London',
    now: new Date(now),
    ...over,
  });

  it('is allowed for 30 minutes after an end by hand, and gives back the time that was left', () => {
    expect(resumeRefusal(facts('2026-11-21T15:29:59Z'))).toBeNull();
    expect(resumeRefusal(facts('2026-11-21T15:30:00Z'))).toEqual({
      status: 409,
      code: 'resume_window_over',
      message: 'This game ended more than 30 minutes ago (at 21/11/2026 15:00, Europe/London): it can no longer be resumed.',
    });
    expect(resumedEndsAt(new Date('2026-11-21T15:10:00Z'), endedAt, endsAt).toISOString()).toBe('2026-11-21T15:55:00.000Z');
  });

  it('is refused for a game that is not ended, or that ended when its time ran out', () => {
    expect(resumeRefusal(facts('2026-11-21T15:05:00Z', { state: 'live' }))?.message).toBe('Only an ended game can be resumed');
    expect(resumeRefusal(facts('2026-11-21T15:05:00Z', { endsAt: endedAt }))?.message).toBe(
      'This game ended at the end of its booked time: there is no time left to resume.',
    );
  });
});

describe('who triggers what', () => {
  it('names every trigger it uses', () => {
    const used = new Set<Trigger>([...BOOKING_TRANSITIONS, ...GAME_TRANSITIONS].flatMap((t) => [...t.by]));
    expect([...used].every((t) => TRIGGERS.includes(t))).toBe(true);
  });
});
