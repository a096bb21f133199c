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
import { icsLines, icsLocal, icsText, icsUtc } from './ics-text';

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

const vtimezones = new Map<string, string | null>();

/**
 * The zone's VTIMEZONE from a maintained copy of the tz database; null when it has none (the times go in UTC then).
 * Remembered per zone: the library builds it anew on every call, and every booking's confirmation asks (issue 37).
 */
function vtimezone(zone: string): string | null {
  let block = vtimezones.get(zone);
  if (block === undefined) {
    const made = tzlib_get_ical_block(zone);
    block = Array.isArray(made) && made[0]?.startsWith('BEGIN:VTIMEZONE') ? made[0] : null;
    // Bounded by the zones the tz database names (about 600); an unknown name is refused before it gets here.
    vtimezones.set(zone, block);
  }
  return block;
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

/**
 * A calendar of hatch's: its events, and before them the VTIMEZONE of each zone they are in, once each. No
 * calendar-wide zone (DTSTAMP stays UTC, as RFC 5545 wants).
 */
function calendarText(method: CalendarMethod, events: readonly { zone: string | null; lines: string[] }[], name?: string): string {
  const zones = [...new Set(events.map((e) => e.zone).filter((z) => z !== null))];
  const head = icsLines([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//hatch//bookings//EN',
    `METHOD:${method}`,
    ...(name ? [`NAME:${name}`, `X-WR-CALNAME:${name}`] : []),
  ]);
  const blocks = zones.map((z) => (vtimezone(z) ?? '').replace(/\r?\n/g, '\r\n').trim()).filter(Boolean);
  return [head, ...blocks, ...events.map((e) => icsLines(e.lines)), 'END:VCALENDAR'].join('\r\n');
}

/** The booking's one VEVENT in a VCALENDAR, as text. */
export function bookingCalendar(f: CalendarFacts, options: CalendarOptions): string {
  return calendarText(options.method, [bookingEvent(f, options)]);
}

/**
 * A staff user's private feed (issue 31, decision 0394): one VEVENT per game, each the same event (UID, SEQUENCE) as
 * the booking's own calendar file, with what the public file holds (never the organiser's private link) and the
 * booking's code, so a host's calendar app updates the event in place when the game moves. Bookings with no time
 * are left out.
 */
export function feedCalendar(games: readonly CalendarFacts[], options: { baseUrl: string; now: Date; name: string }): string {
  const events = games
    .filter((f) => bookedWindow(f))
    .map((f) => bookingEvent(f, { baseUrl: options.baseUrl, method: 'PUBLISH', now: options.now, note: `Booking ${f.gameCode ?? f.tempCode}` }));
  return calendarText('PUBLISH', events, options.name);
}

function bookingEvent(f: CalendarFacts, options: CalendarOptions & { note?: string }): { zone: string | null; lines: string[] } {
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
  const zone = isValidTimeZone(f.timezone) && vtimezone(f.timezone) ? f.timezone : null;
  const at = (name: string, d: Date) => (zone ? `${name};TZID=${zone}:${icsLocal(d, zone)}` : `${name}:${icsUtc(d)}`);
  const location = confirmedMeetingPoint(f);
  const invite = options.invite;
  const attendee = invite?.attendee;
  // Confirmed once paid; before, the booking holds the time but is not confirmed (the mails say so).
  const status = cancelled ? 'CANCELLED' : hasPaid(f.bookingStatus) ? 'CONFIRMED' : 'TENTATIVE';
  const lines = [
    'BEGIN:VEVENT',
    `UID:${calendarUid(f.id, options.baseUrl)}`,
    `SEQUENCE:${f.calendarSequence}`,
    `DTSTAMP:${icsUtc(options.now)}`,
    at('DTSTART', window.start),
    at('DTEND', window.end),
    `SUMMARY:${icsText(words.t('calendarSummary', { city: f.city }))}`,
    ...(location ? [`LOCATION:${icsText(location)}`] : []),
    `DESCRIPTION:${icsText(description)}`,
    ...(invite ? [`ORGANIZER;CN="${icsText(invite.organiser.name, true)}":mailto:${icsText(invite.organiser.email)}`] : []),
    ...(attendee
      ? [`ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE${attendee.name ? `;CN="${icsText(attendee.name, true)}"` : ''}:MAILTO:${attendee.email}`]
      : []),
    ...(links.join ? [`URL;VALUE=URI:${icsText(links.join)}`] : []),
    `STATUS:${status}`,
    'END:VEVENT',
  ];
  return { zone, lines };
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
  return row ? bookerInviteOf(row, sender, now) : null;
}

/** bookerInvite from a booking row the caller already holds (a booking just inserted: no game yet), without reading it again. */
export function bookerInviteOf(
  row: CalendarFacts & { email: string; fullName: string | null; language: Language },
  sender: { from: string; baseUrl: string },
  now: Date = new Date(),
): MailCalendarEvent | null {
  if (!bookedWindow(row)) return null;
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
