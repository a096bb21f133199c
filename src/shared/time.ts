import { format, isValid } from 'date-fns';
import { TZDate } from '@date-fns/tz';

/** The zones the wizard offers (spec section 9), as IANA names with their labels. */
export const SELECTABLE_TIMEZONES = [
  { label: 'London', zone: 'Europe/London' },
  { label: 'Paris', zone: 'Europe/Paris' },
  { label: 'New York', zone: 'America/New_York' },
  { label: 'Los Angeles', zone: 'America/Los_Angeles' },
  { label: 'Tokyo', zone: 'Asia/Tokyo' },
  { label: 'Sydney', zone: 'Australia/Sydney' },
  { label: 'Dubai', zone: 'Asia/Dubai' },
  { label: 'Singapore', zone: 'Asia/Singapore' },
  { label: 'Moscow', zone: 'Europe/Moscow' },
  { label: 'Hong Kong', zone: 'Asia/Hong_Kong' },
] as const;

export const DEFAULT_ADMIN_TIMEZONE = 'Europe/London';

// Building an Intl.DateTimeFormat is costly and every booking request asks; the answers never change.
const knownZones = new Map<string, boolean>();
const KNOWN_ZONES_MAX = 2_000;

export function isValidTimeZone(zone: string): boolean {
  const known = knownZones.get(zone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    valid = true;
  } catch {
    valid = false;
  }
  // Bounded: made-up zone names from bad requests must not grow the map for ever.
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.set(zone, valid);
  return valid;
}

/** API dates: yyyy-MM-dd. */
export const API_DATE = 'yyyy-MM-dd';

/** A local midnight from its parts; Invalid Date when they name no day (a 30 February, a 13th month). */
function localDay(year: number, month: number, day: number): Date {
  const out = new Date(0);
  out.setFullYear(year, month - 1, day);
  out.setHours(0, 0, 0, 0);
  return out.getFullYear() === year && out.getMonth() === month - 1 && out.getDate() === day ? out : new Date(Number.NaN);
}

/**
 * A yyyy-MM-dd date as a local Date at midnight, Invalid Date when it is not a real day: what date-fns
 * `parse(text, API_DATE, …)` gave, without its general parser, which was a third of the wizard's date code (issue 37).
 */
export function parseApiDate(text: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m ? localDay(Number(m[1]), Number(m[2]), Number(m[3])) : new Date(Number.NaN);
}

/** A dd-MM-yy date (WIZARD_DATE) as parseApiDate reads yyyy-MM-dd; two-digit years 00-49 are 2000-2049, 50-99 1950-1999. */
export function parseWizardDate(text: string): Date {
  const m = /^(\d{2})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return new Date(Number.NaN);
  const yy = Number(m[3]);
  return localDay(yy < 50 ? 2000 + yy : 1900 + yy, Number(m[2]), Number(m[1]));
}
/** The wizard's date: day-month-two-digit-year. */
export const WIZARD_DATE = 'dd-MM-yy';
/** Timestamps shown to staff. */
const DISPLAY_TIMESTAMP = 'dd/MM/yyyy HH:mm:ss';
/** A moment to the minute, as the product shows dates in sentences. */
const DISPLAY_MINUTES = 'dd/MM/yyyy HH:mm';

/** 'dd/MM/yyyy HH:mm:ss' in the given zone, or 'Invalid date'. */
export function formatTimestamp(value: string | number | Date | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return 'Invalid date';
  const date = value instanceof Date ? value : new Date(value);
  if (!isValid(date)) return 'Invalid date';
  if (timeZone && !isValidTimeZone(timeZone)) return 'Invalid date';
  return format(timeZone ? new TZDate(date.getTime(), timeZone) : date, DISPLAY_TIMESTAMP);
}

/** A moment shown to staff: 'dd/MM/yyyy HH:mm:ss' in the admin zone (every admin page's one formatter). */
export function formatAdminTimestamp(value: string | number | Date | null | undefined): string {
  return formatTimestamp(value, DEFAULT_ADMIN_TIMEZONE);
}

/**
 * A game's date as staff read it: its start 'dd/MM/yyyy HH:mm:ss' in the game's own zone when the meeting time is
 * known, else the day alone as 'dd/MM/yyyy' (a time that was never set is not shown as midnight).
 */
export function formatGameDate(date: string, start?: { utcDateTime: string | null | undefined; timezone: string }): string {
  if (start?.utcDateTime) return formatTimestamp(start.utcDateTime, start.timezone);
  const day = parseApiDate(date);
  return isValid(day) && format(day, API_DATE) === date ? format(day, 'dd/MM/yyyy') : 'Invalid date';
}

/**
 * The UTC instant of a local date and meeting time in a zone, as ISO; '' when anything is invalid
 * (spec section 4: changing date, time or zone recomputes utcDateTime, or empty if invalid).
 */
export function localToUtcIso(date: string, time: { hour: number; minute: number } | null | undefined, timeZone: string): string {
  if (!time) return '';
  const key = `${date}|${time.hour}|${time.minute}|${timeZone}`;
  const known = utcOfLocal.get(key);
  if (known !== undefined) return known;
  const utc = computeLocalToUtcIso(date, time, timeZone);
  remember(utcOfLocal, key, utc);
  return utc;
}

/**
 * The last answers of localToUtcIso and utcToLocal, which are pure: one booking asks for the same instant several times
 * (its validation, its row, the answer, the mail, the invite) and each answer costs zone look-ups through Intl.
 */
const utcOfLocal = new Map<string, string>();
const localOfUtc = new Map<string, { date: string; hour: number; minute: number } | null>();
const MEMO_SIZE = 512;
function remember<T>(memo: Map<string, T>, key: string, value: T): void {
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(key, value);
}

function computeLocalToUtcIso(date: string, time: { hour: number; minute: number }, timeZone: string): string {
  if (!isValidTimeZone(timeZone)) return '';
  if (!Number.isInteger(time.hour) || !Number.isInteger(time.minute) || time.hour < 0 || time.hour > 23 || time.minute < 0 || time.minute > 59) return '';
  const day = parseApiDate(date);
  if (!isValid(day) || format(day, API_DATE) !== date) return '';
  const zoned = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), time.hour, time.minute, 0, timeZone);
  if (!isValid(zoned)) return '';
  // A local time that does not exist (skipped by a DST change) comes back shifted: refuse it.
  if (zoned.getHours() !== time.hour || zoned.getMinutes() !== time.minute) return '';
  return new Date(zoned.getTime()).toISOString();
}

/** The local date (yyyy-MM-dd) and meeting time of a UTC instant in a zone. */
export function utcToLocal(utcIso: string, timeZone: string): { date: string; time: { hour: number; minute: number } } | null {
  const key = `${utcIso}|${timeZone}`;
  let local = localOfUtc.get(key);
  if (local === undefined) {
    const instant = new Date(utcIso);
    const zoned = isValid(instant) && isValidTimeZone(timeZone) ? new TZDate(instant.getTime(), timeZone) : null;
    local = zoned ? { date: format(zoned, API_DATE), hour: zoned.getHours(), minute: zoned.getMinutes() } : null;
    remember(localOfUtc, key, local);
  }
  // A new object each time: callers may keep or change what they are given.
  return local ? { date: local.date, time: { hour: local.hour, minute: local.minute } } : null;
}

/** Today's date (yyyy-MM-dd) in a zone: what 'not in the past' is measured against. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), isValidTimeZone(timeZone) ? timeZone : 'UTC'), API_DATE);
}

/**
 * Whether a game start (ISO UTC, as utcDateTime) lies before `now`: a start that has already passed. Text that is
 * not a date is not in the past (other rules report it).
 */
export function isStartInPast(utcDateTime: string, now: Date = new Date()): boolean {
  const start = Date.parse(utcDateTime);
  return Number.isFinite(start) && start < now.getTime();
}

/** 'dd/MM/yyyy HH:mm' in the given zone (UTC when the zone is not valid). */
export function formatDateTimeMinutes(value: Date, timeZone: string): string {
  return format(new TZDate(value.getTime(), isValidTimeZone(timeZone) ? timeZone : 'UTC'), DISPLAY_MINUTES);
}
