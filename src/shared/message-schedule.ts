import { addDays, format, parse } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { bookedWindow } from './meeting-time';
import { balanceDue } from './payments';
import { API_DATE, isValidTimeZone, todayIn } from './time';
import { isClosed } from './lifecycle/booking-states';

/**
 * A booking's message schedule (issue 31, decision 0380): what the product sends before and after the game, and
 * when, as pure rules of the booking's facts. The server plans rows from `planMessages` and sends each once; the
 * screens read the kinds and labels from here.
 */

export const MESSAGE_KINDS = [
  'game_reminder_first',
  'game_reminder_second',
  'balance_reminder',
  'balance_due_reminder',
  'balance_overdue',
  'feedback_request',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  game_reminder_first: 'Game reminder (first)',
  game_reminder_second: 'Game reminder (second)',
  balance_reminder: 'Balance reminder',
  balance_due_reminder: 'Balance due today reminder',
  balance_overdue: 'Balance overdue notice to staff',
  feedback_request: 'Feedback request',
};

/** What staff see of a planned message: `failed` when the outbox gave up on its mail. */
export const SCHEDULED_MESSAGE_STATUSES = ['scheduled', 'sent', 'skipped', 'failed'] as const;
export type ScheduledMessageStatus = (typeof SCHEDULED_MESSAGE_STATUSES)[number];

/** Who a kind goes to: the booker's mails keep quiet hours, staff's notice does not. */
export const MESSAGE_AUDIENCE: Record<MessageKind, 'booker' | 'staff'> = {
  game_reminder_first: 'booker',
  game_reminder_second: 'booker',
  balance_reminder: 'booker',
  balance_due_reminder: 'booker',
  balance_overdue: 'staff',
  feedback_request: 'booker',
};

/** The install's reminder days before the game (staff set them; issue 31 names 7 and 1). */
export type ReminderDays = { first: number; second: number };
export const DEFAULT_REMINDER_DAYS: Readonly<ReminderDays> = { first: 7, second: 1 };
export const MAX_REMINDER_DAYS = 60;

/** Reminders go out at this local hour of their day in the game's zone: mid-morning, read before the day's plans. */
export const REMINDER_LOCAL_HOUR = 10;
/** The balance's first reminder comes this many days before its due date. */
export const BALANCE_REMINDER_DAYS_BEFORE = 3;
/** Staff hear of an unpaid balance the morning after its due date, at this local hour. */
export const OVERDUE_NOTICE_LOCAL_HOUR = 9;
/** The feedback request follows the booked end of the game by this much (then out of quiet hours). */
export const FEEDBACK_AFTER_MINUTES = 120;

/** Nothing goes to a booker from 21:00 until 08:00 in the game's zone. */
export const QUIET_HOURS = { from: 21, until: 8 } as const;

const zoneOf = (zone: string) => (isValidTimeZone(zone) ? zone : 'UTC');

/** Whether an instant falls in the quiet hours of a zone (21:00 up to, not including, 08:00 local). */
export function isQuietHour(at: Date, zone: string): boolean {
  const hour = new TZDate(at.getTime(), zoneOf(zone)).getHours();
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.until;
}

/** An instant moved out of quiet hours: inside them, the next 08:00 in the zone; otherwise unchanged. */
export function outOfQuietHours(at: Date, zone: string): Date {
  if (!isQuietHour(at, zone)) return at;
  const local = new TZDate(at.getTime(), zoneOf(zone));
  const day = format(local, API_DATE);
  const morningDay = local.getHours() >= QUIET_HOURS.from ? shiftDay(day, 1) : day;
  return localInstant(morningDay, QUIET_HOURS.until, zone);
}

/** A whole hour of a calendar day in a zone, as an instant (a skipped hour of a DST change lands an hour later). */
export function localInstant(day: string, hour: number, zone: string): Date {
  const d = parse(day, API_DATE, new Date(0));
  return new Date(new TZDate(d.getFullYear(), d.getMonth(), d.getDate(), hour, 0, 0, zoneOf(zone)).getTime());
}

function shiftDay(day: string, days: number): string {
  return format(addDays(parse(day, API_DATE, new Date(0)), days), API_DATE);
}

/** The facts of a booking its schedule is made from. */
export type ScheduleFacts = {
  date: string;
  timezone: string;
  meetingTime: unknown;
  utcDateTime: string | Date | null;
  duration: number;
  bookingStatus: string;
  leadStatus: string;
  /** How this install takes the money: only bank transfers are chased. */
  paymentMethod: 'card' | 'bank_transfer';
  /** Pence still due (shared/payments dueOf). */
  amountDue: number;
  /** When it was booked: the balance's due date is the one the booker was told then (balanceDue on that day). */
  bookedAt: Date;
};

export type PlannedMessage = { kind: MessageKind; dueAt: Date };

/** The balance's due date as the booker was told it at booking (shared/payments balanceDue, decision 0252). */
export function balanceDueDate(f: Pick<ScheduleFacts, 'date' | 'timezone' | 'bookedAt'>): string {
  return balanceDue(f.date, todayIn(f.timezone, f.bookedAt)).date;
}

/**
 * The messages a booking should have and when each falls due (UTC instants), in the game's zone:
 * - a paid, open booking: reminders `first` and `second` days before the game's date at 10:00;
 * - bank transfer with money still due on an open booking: a reminder 3 days before the balance's due date and one on
 *   it (10:00), and a notice to staff the morning after (09:00);
 * - a paid or completed, open booking: the feedback request two hours after the booked end.
 * Booker messages inside quiet hours move to 08:00. Whether one is already past is the planner's business, not this.
 */
export function planMessages(f: ScheduleFacts, days: ReminderDays = DEFAULT_REMINDER_DAYS): PlannedMessage[] {
  const b = { booking_status: f.bookingStatus, lead_status: f.leadStatus };
  if (isClosed(b)) return [];
  const zone = f.timezone;
  const out: PlannedMessage[] = [];
  const window = bookedWindow(f);
  if (f.bookingStatus === 'paid') {
    out.push({ kind: 'game_reminder_first', dueAt: localInstant(shiftDay(f.date, -days.first), REMINDER_LOCAL_HOUR, zone) });
    out.push({ kind: 'game_reminder_second', dueAt: localInstant(shiftDay(f.date, -days.second), REMINDER_LOCAL_HOUR, zone) });
  }
  if (f.paymentMethod === 'bank_transfer' && f.amountDue > 0 && f.bookingStatus !== 'completed') {
    const due = balanceDueDate(f);
    out.push({ kind: 'balance_reminder', dueAt: localInstant(shiftDay(due, -BALANCE_REMINDER_DAYS_BEFORE), REMINDER_LOCAL_HOUR, zone) });
    out.push({ kind: 'balance_due_reminder', dueAt: localInstant(due, REMINDER_LOCAL_HOUR, zone) });
    out.push({ kind: 'balance_overdue', dueAt: localInstant(shiftDay(due, 1), OVERDUE_NOTICE_LOCAL_HOUR, zone) });
  }
  if ((f.bookingStatus === 'paid' || f.bookingStatus === 'completed') && window) {
    out.push({ kind: 'feedback_request', dueAt: new Date(window.end.getTime() + FEEDBACK_AFTER_MINUTES * 60_000) });
  }
  // A reminder of the game after it started says nothing: the game's own mails took over.
  const kept = out.filter((m) => !m.kind.startsWith('game_reminder') || !window || m.dueAt < window.start);
  return kept.map((m) => (MESSAGE_AUDIENCE[m.kind] === 'booker' ? { ...m, dueAt: outOfQuietHours(m.dueAt, zone) } : m));
}

/** Staff's reminder days: each 1–60, the first further from the game than the second. */
export function reminderDaysProblem(days: ReminderDays): string | null {
  const ok = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_REMINDER_DAYS;
  if (!ok(days.first) || !ok(days.second)) return `Reminder days must be whole numbers from 1 to ${MAX_REMINDER_DAYS}.`;
  if (days.first <= days.second) return 'The first reminder must come before the second (more days before the game).';
  return null;
}
