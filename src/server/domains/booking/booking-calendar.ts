import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { TZDate } from '@date-fns/tz';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { isCancelled } from '../../../shared/payments';
import { hasPaid } from '../../../shared/lifecycle/booking-states';
import { bookedWindow } from '../../../shared/meeting-time';
import { bookingLinks } from '../../../shared/booking-links';
import { isValidTimeZone } from '../../../shared/time';
import type { MailCalendarEvent } from '../../platform/mail';
import type { DbOrTx } from '../../platform/db/client';
import { eq } from 'drizzle-orm';
import { bookings } from './tables/bookings';
import { bookingGame } from '../game/records';
import { mailText } from '../../platform/i18n';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';

/**
 * A booking's game as a calendar event (RFC 5545, decisions 0373-0375): the .ics the booker page links to
 * (METHOD:PUBLISH) and the invite every booker mail about the game's time carries (REQUEST, or CANCEL once it is
 * cancelled). One event per booking: its UID never changes, its SEQUENCE is the booking's calendar_sequence.
 */

/** What the event reads of a booking. */
export type CalendarFacts = {
  id: number;
  city: string;
  players: number;
  date: string;
  meetingTime: unknown;
  timezone: string;
  utcDateTime: Date | null;
  duration: number;
  meetingPointAddress: string | null;
  meetingPointStatus: string | null;
  bookingStatus: string;
  leadStatus: string;
  calendarSequence: number;
  tempCode: string;
  manageKey: string;
  gameCode: string | null;
};

export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

/** The meeting point the booker and players may see: the address once staff confirmed it (decision 0140). */
export function confirmedMeetingPoint(b: { meetingPointAddress: string | null; meetingPointStatus: string | null }): string | null {
  return b.meetingPointStatus === 'confirmed' && b.meetingPointAddress?.trim() ? b.meetingPointAddress.trim() : null;
}

type CalendarState = Pick<
  CalendarFacts,
  'date' | 'meetingTime' | 'timezone' | 'utcDateTime' | 'duration' | 'meetingPointAddress' | 'meetingPointStatus' | 'bookingStatus' | 'leadStatus'
>;

/** What a calendar shows of the booking: when (start, end, zone), where, and whether it is off. */
function calendarKey(b: CalendarState): string {
  const window = bookedWindow(b);
  return JSON.stringify([
    window?.start.getTime() ?? null,
    window?.end.getTime() ?? null,
    b.timezone,
    confirmedMeetingPoint(b),
    isCancelled({ booking_status: b.bookingStatus, lead_status: b.leadStatus }),
  ]);
}

/**
 * Whether a write changes what the booker's calendar holds (the time, the zone, the length, the meeting point, or
 * whether it is cancelled): the rule that raises the invite's SEQUENCE (decision 0374), asked by the booking write path.
 */
export function calendarMoved(before: CalendarState, after: CalendarState): boolean {
  return calendarKey(before) !== calendarKey(after);
}

/** The event's UID: the same for the booking's whole life, on the install's own host. */
export function calendarUid(bookingId: number, baseUrl: string): string {
  let host = 'hatch.invalid';
  try {
    host = new URL(baseUrl).hostname || host;
  } catch {
    // A public origin that is not a URL (config checks it) keeps the fallback host: the UID still never changes.
  }
  return `booking-${bookingId}@${host}`;
}

/** The zone's VTIMEZONE from a maintained copy of the tz database; null when it has none (the times go in UTC then). */
function vtimezone(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && block[0]?.startsWith('BEGIN:VTIMEZONE') ? block[0] : null;
}

/** An invite's people (REQUEST and CANCEL need them, RFC 5546): the install's mail sender and the booker. */
/**
 * Who a mailed invite is from and for: the booker (whose copy carries their private management link) or the game's
 * host (whose copy never does, decision 0223).
 */
export type InviteParties = { organiser: { name: string; email: string }; attendee: { name: string | null; email: string }; privateLink: boolean };

export type CalendarOptions = {
  baseUrl: string;
  method: CalendarMethod;
  /** DTSTAMP: when this copy of the event was made. */
  now: Date;
  /** Set for mailed invites (the booker's, the host's): the parties, and for the booker the private link; the public .ics has neither. */
  invite?: InviteParties | null;
  /** The event's words: the booking's language for the booker's invite and .ics (decision 0591); absent: English. */
  language?: Language;
};

export class NoMeetingTimeError extends Error {}

/** A calendar of hatch's, with no calendar-wide zone: each event brings the VTIMEZONE of its own TZID. */
function newCalendar(method: CalendarMethod, name?: string) {
  return ical({
    prodId: { company: 'hatch', product: 'bookings', language: 'EN' },
    method: ICalCalendarMethod[method],
    ...(name ? { name } : {}),
    // No calendar-wide zone (it would write DTSTAMP as local time, RFC 5545 wants UTC): the generator only adds the
    // VTIMEZONE of the event's own TZID.
    timezone: { name: null, generator: vtimezone },
  });
}

/** The booking's one VEVENT in a VCALENDAR, as text. */
export function bookingCalendar(f: CalendarFacts, options: CalendarOptions): string {
  const calendar = newCalendar(options.method);
  addBookingEvent(calendar, f, options);
  return calendar.toString();
}

/**
 * A staff user's private feed (issue 31, decision 0394): one VEVENT per game, each the same event (UID, SEQUENCE) as
 * the booking's own calendar file, with what the public file holds (never the organiser's private link) and the
 * booking's code, so a host's calendar app updates the event in place when the game moves. Bookings with no time
 * are left out.
 */
export function feedCalendar(games: readonly CalendarFacts[], options: { baseUrl: string; now: Date; name: string }): string {
  const calendar = newCalendar('PUBLISH', options.name);
  for (const f of games) {
    if (bookedWindow(f))
      addBookingEvent(calendar, f, { baseUrl: options.baseUrl, method: 'PUBLISH', now: options.now, note: `Booking ${f.gameCode ?? f.tempCode}` });
  }
  return calendar.toString();
}

function addBookingEvent(calendar: ReturnType<typeof ical>, f: CalendarFacts, options: CalendarOptions & { note?: string }): void {
  const window = bookedWindow(f);
  if (!window) throw new NoMeetingTimeError('This booking has no meeting time a calendar can hold');
  const cancelled = options.method === 'CANCEL' || isCancelled({ booking_status: f.bookingStatus, lead_status: f.leadStatus });
  const links = bookingLinks(options.baseUrl, { tempCode: f.tempCode, gameCode: f.gameCode, manageKey: f.manageKey });
  const words = mailText(options.language ?? DEFAULT_LANGUAGE);
  const description = [
    words.t('calendarWhat', { players: f.players, city: f.city }),
    links.join ? words.t('playersJoinAt', { link: links.join }) : words.t('calendarCodeLater'),
    ...(options.invite?.privateLink ? [words.t('calendarPrivateLink', { link: links.manage })] : []),
    ...(options.note ? [options.note] : []),
  ].join('\n');
  // The game's own zone with its VTIMEZONE: every calendar app shows the right instant (Outlook needs the VTIMEZONE,
  // Google and Apple read the IANA name) and the event keeps the zone the game is in (decision 0373).
  const zone = isValidTimeZone(f.timezone) ? vtimezone(f.timezone) && f.timezone : null;
  const location = confirmedMeetingPoint(f);
  calendar.createEvent({
    id: calendarUid(f.id, options.baseUrl),
    sequence: f.calendarSequence,
    stamp: options.now,
    // A TZDate is written as its local time under the TZID; a plain Date would be read in the process's own zone.
    start: zone ? new TZDate(window.start.getTime(), zone) : window.start,
    end: zone ? new TZDate(window.end.getTime(), zone) : window.end,
    ...(zone ? { timezone: zone } : {}),
    summary: words.t('calendarSummary', { city: f.city }),
    description,
    ...(location ? { location } : {}),
    ...(links.join ? { url: links.join } : {}),
    // Confirmed once paid; before, the booking holds the time but is not confirmed (the mails say so).
    status: cancelled ? ICalEventStatus.CANCELLED : hasPaid(f.bookingStatus) ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    ...(options.invite
      ? {
          organizer: options.invite.organiser,
          attendees: [
            {
              email: options.invite.attendee.email,
              ...(options.invite.attendee.name ? { name: options.invite.attendee.name } : {}),
              rsvp: false,
              role: ICalAttendeeRole.REQ,
              status: ICalAttendeeStatus.ACCEPTED,
            },
          ],
        }
      : {}),
  });
}

/** `Name <address>` or a bare address (MAIL_FROM), as an invite's ORGANIZER. */
export function organiserOf(mailFrom: string): { name: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  if (match?.[2]) return { name: match[1]?.trim() || 'hatch', email: match[2].trim() };
  return { name: 'hatch', email: mailFrom.trim() };
}

/** The event's facts from the booking's row and its game's code (null before payment). */
export function calendarFactsOf(row: Omit<CalendarFacts, 'gameCode'>, gameCode: string | null): CalendarFacts {
  return { ...row, gameCode };
}

/** A booking's invite as a mail carries it (platform/mail.ts): the .ics with its METHOD. */
export function calendarInvite(f: CalendarFacts, options: CalendarOptions & { method: 'REQUEST' | 'CANCEL' }): MailCalendarEvent {
  return { method: options.method, filename: 'hatch-game.ics', content: bookingCalendar(f, options) };
}

/**
 * The invite of the booker's mail about the game's time, read in the mail's own transaction (so it holds the change
 * the mail reports, and the SEQUENCE that change raised): REQUEST, or CANCEL once the booking is cancelled.
 */
export async function bookerInvite(
  tx: DbOrTx,
  sender: { from: string; baseUrl: string },
  bookingId: number,
  now: Date = new Date(),
): Promise<MailCalendarEvent | null> {
  const [row] = await tx
    .select({ ...calendarColumns, email: bookings.email, fullName: bookings.fullName, language: bookings.language, gameCode: bookingGame.code })
    .from(bookings)
    .leftJoin(bookingGame, eq(bookingGame.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row || !bookedWindow(row)) return null;
  const method = isCancelled({ booking_status: row.bookingStatus, lead_status: row.leadStatus }) ? 'CANCEL' : 'REQUEST';
  const invite = { organiser: organiserOf(sender.from), attendee: { name: row.fullName, email: row.email }, privateLink: true };
  return calendarInvite(row, { baseUrl: sender.baseUrl, method, now, invite, language: row.language });
}

/**
 * The invite of the host's mail (assigned, or the game moved): the booking's one event (same UID and SEQUENCE as the
 * booker's and the host's feed, so the calendar updates it in place) with the host as attendee and no private link.
 */
export async function hostInvite(
  tx: DbOrTx,
  sender: { from: string; baseUrl: string },
  bookingId: number,
  host: { name: string; email: string },
  now: Date = new Date(),
): Promise<MailCalendarEvent | null> {
  const [row] = await tx
    .select({ ...calendarColumns, gameCode: bookingGame.code })
    .from(bookings)
    .leftJoin(bookingGame, eq(bookingGame.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row || !bookedWindow(row)) return null;
  const method = isCancelled({ booking_status: row.bookingStatus, lead_status: row.leadStatus }) ? 'CANCEL' : 'REQUEST';
  return calendarInvite(row, { baseUrl: sender.baseUrl, method, now, invite: { organiser: organiserOf(sender.from), attendee: host, privateLink: false } });
}

export const calendarColumns = {
  id: bookings.id,
  city: bookings.city,
  players: bookings.players,
  date: bookings.date,
  meetingTime: bookings.meetingTime,
  timezone: bookings.timezone,
  utcDateTime: bookings.utcDateTime,
  duration: bookings.duration,
  meetingPointAddress: bookings.meetingPointAddress,
  meetingPointStatus: bookings.meetingPointStatus,
  bookingStatus: bookings.bookingStatus,
  leadStatus: bookings.leadStatus,
  calendarSequence: bookings.calendarSequence,
  tempCode: bookings.tempCode,
  manageKey: bookings.manageKey,
};
