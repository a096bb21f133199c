import { format, isValid } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { formatMoney, formatPence } from '../money';
import { ADD_ONS, PLANS } from '../plans';
import { isValidTimeZone, SELECTABLE_TIMEZONES } from '../time';
import { CONTACT_LABELS } from '../booking-contact';
import { MESSAGE_KIND_LABELS } from '../message-schedule';

/** What a change is read against: the booking's currency and zone, and staff names by user id. */
export type DescribeContext = {
  currency: string;
  timeZone: string;
  userName?: ((id: number) => string | undefined) | undefined;
  challengeName?: ((id: number) => string | undefined) | undefined;
};

/** One changed field, in words: before and after are null when the field was empty (or not shown). */
export type ChangeLine = { label: string; before: string | null; after: string | null };

/** The log was written with snake_case keys on one side and camelCase on the other: read both as one. */
export function snakeKey(key: string): string {
  return key.replaceAll(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

export function normalizeKeys(record: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!record) return out;
  for (const [key, value] of Object.entries(record)) {
    const snake = snakeKey(key);
    // A snake_case key written beside its camelCase twin wins: it is the column's own name.
    if (!(snake in out) || key === snake) out[snake] = value;
  }
  return out;
}

/** Field labels, in the order a change lists its fields (the database keeps no key order). */
const LABELS: Record<string, string> = {
  booking_status: 'Booking status',
  lead_status: 'Lead status',
  lead_status_reason: 'Reason',
  payment_type: 'Payment method',
  payment_amount: 'Amount',
  date: 'Date',
  meeting_time: 'Meeting time',
  timezone: 'Time zone',
  utc_date_time: 'Date and time',
  players: 'Players',
  city: 'City',
  initial_area_lat: 'Game area',
  initial_area_lng: 'Game area',
  initial_area_radius: 'Game area',
  plan_type: 'Plan',
  add_ons: 'Add-ons',
  currency: 'Currency',
  hosted: 'Hosted',
  price_per_person: 'Price per person',
  add_ons_total: 'Add-ons total',
  total_price: 'Total price',
  ...CONTACT_LABELS,
  email: 'Email',
  meeting_point_address: 'Meeting point',
  meeting_point_notes: 'Meeting point notes',
  meeting_point_status: 'Meeting point status',
  meeting_point_owner: 'Meeting point set by',
  hiding_spot_address: 'Hiding spot',
  hiding_spot_notes: 'Hiding spot notes',
  hiding_spot_status: 'Hiding spot status',
  hiding_spot_owner: 'Hiding spot set by',
  admin_general_notes: 'General notes',
  admin_venue_notes: 'Venue notes',
  assigned_host_id: 'Host',
  game_host_id: 'Game host',
  assigned_chicken: 'The Chicken',
  assigned_chicken_email: "Chicken's email",
  weapons_on: 'Weapons',
  game_code: 'Game code',
  game_area: 'Game area',
  teams: 'Teams',
  added_challenges: 'Challenges',
  type: 'Type',
  note: 'Note',
  name: 'Name',
  description: 'Description',
  is_admin: 'Admin',
  is_host: 'Host role',
  kind: 'Mail',
  to: 'To',
  subject: 'Subject',
  locations: 'Locations',
  challenges: 'Challenges',
  chicken: 'Chicken',
  host: 'Host',
};
const ORDER = new Map(Object.keys(LABELS).map((key, i) => [key, i]));

/** Known fields in the order of LABELS, then the others by name. */
export function compareFields(x: string, y: string): number {
  const ix = ORDER.get(x) ?? Number.MAX_SAFE_INTEGER;
  const iy = ORDER.get(y) ?? Number.MAX_SAFE_INTEGER;
  return ix - iy || x.localeCompare(y);
}

/** Written for the system's own bookkeeping: never shown as a change. */
const HIDDEN = new Set([
  'has_live_instance',
  'instance_id',
  'created_game',
  'version',
  'updated_at',
  'initial_area_id',
  'section',
  'mail_id',
  'resent_mail_id',
]);

export function isShownKey(key: string): boolean {
  return !HIDDEN.has(key);
}

function sentenceCase(text: string): string {
  const words = text
    .replaceAll(/[._+-]+/g, ' ')
    .replaceAll(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'meeting_point_address' → 'Meeting point'; a field we have no word for reads as a sentence. */
export function fieldLabel(key: string): string {
  return LABELS[key] ?? sentenceCase(key);
}

export function words(value: string): string {
  return sentenceCase(value);
}

/** The sections staff lock (booking.locks writes them as booleans). */
const LOCK_KEYS = new Set(['locations', 'challenges', 'game_area', 'chicken', 'host', 'teams']);
const OWNERS: Record<string, string> = { admin: 'Staff', booker: 'Booker' };
const CHICKEN: Record<string, string> = { self: 'The booker', player: 'A player', team: 'A team' };
const ZONE_LABELS = new Map<string, string>(SELECTABLE_TIMEZONES.map((z) => [z.zone, z.label]));

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'Sat 14 Jun 2031' for a calendar date. */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(y ?? 0, (m ?? 1) - 1, d ?? 1);
  return isValid(day) ? format(day, 'EEE d MMM yyyy') : date;
}

/** 'Sat 14 Jun 2031, 15:00' for an instant, in the booking's zone. */
export function formatInstant(value: string | Date, timeZone: string): string {
  const instant = value instanceof Date ? value : new Date(value);
  if (!isValid(instant)) return String(value);
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  return format(new TZDate(instant.getTime(), zone), 'EEE d MMM yyyy, HH:mm');
}

export function zoneLabel(zone: string): string {
  return ZONE_LABELS.get(zone) ?? zone;
}

function isTime(value: unknown): value is { hour: number; minute: number } {
  return (
    typeof value === 'object' && value !== null && 'hour' in value && 'minute' in value && typeof value.hour === 'number' && typeof value.minute === 'number'
  );
}

export function formatTime(value: { hour: number; minute: number }): string {
  return `${String(value.hour).padStart(2, '0')}:${String(value.minute).padStart(2, '0')}`;
}

function planName(value: string): string {
  return PLANS.find((p) => p.type === value)?.name ?? words(value);
}

function addOnName(value: unknown): string {
  const type = typeof value === 'string' ? value : typeof value === 'object' && value !== null && 'type' in value ? String(value.type) : '';
  return ADD_ONS.find((a) => a.type === type)?.name ?? words(type);
}

function isPenceKey(key: string): boolean {
  return key.endsWith('_pence') || /(^|_)amount($|_)/.test(key);
}

function isPoundsKey(key: string): boolean {
  return key === 'price_per_person' || key === 'add_ons_total' || key === 'total_price' || key === 'price';
}

function teamText(team: unknown): string {
  if (typeof team !== 'object' || team === null || !('name' in team)) return plain(team);
  const players = 'players' in team && typeof team.players === 'string' && team.players.trim() ? ` (${team.players})` : '';
  return `${String(team.name)}${players}`;
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-GB');
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(plain).filter(Boolean).join(', ');
  if (isTime(value)) return formatTime(value);
  if (typeof value === 'object') {
    return Object.entries(value)
      .filter(([k, v]) => isShownKey(k) && v !== null && v !== undefined && v !== '')
      .map(([k, v]) => `${fieldLabel(k)}: ${plain(v)}`)
      .join('; ');
  }
  return String(value);
}

const MAIL_KINDS: Record<string, string> = {
  booking_confirmation: 'Booking confirmation',
  'booking.hiding_spot': 'Hiding spot (to the Chicken)',
  'booking.locked': 'Parts of the game locked',
  'booker.location_confirmed.meeting_point': 'Meeting point confirmed',
  'booker.location_confirmed.hiding_spot': 'Hiding spot confirmed',
  'proposal.sent': 'Proposal',
  'payment.receipt': 'Payment receipt',
  'payment.refund_receipt': 'Refund receipt',
  'invoice.issued': 'Invoice or credit note (PDF)',
  'host.assigned': 'Host assigned (to the host)',
  'host.unassigned': 'Host replaced (to the former host)',
  'auth.password_reset': 'Password reset',
  'auth.login_failures': 'Failed sign-ins (to the account owner)',
  'auth.sign_in_link': 'Sign-in link',
  // The message schedule's mails carry their message's kind (issue 31).
  ...MESSAGE_KIND_LABELS,
};

/** A mail's kind in words; a kind this module does not know reads from its name ('booking.paid' → 'Paid'). */
export function mailKindLabel(kind: string): string {
  const known = MAIL_KINDS[kind];
  if (known) return known;
  if (kind.startsWith('booker.section_locked')) return 'Parts of the game locked';
  const parts = kind.split('.');
  const rest = parts.length > 1 && ['booking', 'booker', 'mail'].includes(parts[0] ?? '') ? parts.slice(1) : parts;
  return words(rest.join(' ')) || 'Mail';
}

/** Fields that hold a staff member's user id: shown by name. */
const USER_ID_KEY = /(^|_)host_id$|(^|_)user_id$/;

/** The user ids a change refers to, so the caller can look their names up before describing it. */
export function referencedUserIds(sides: (Record<string, unknown> | null | undefined)[]): number[] {
  const ids = new Set<number>();
  for (const side of sides) {
    for (const [key, value] of Object.entries(normalizeKeys(side))) if (USER_ID_KEY.test(key) && typeof value === 'number') ids.add(value);
  }
  return [...ids];
}

/** One stored value in words, read by the field it belongs to; null when there is nothing to show. */
export function formatValue(key: string, value: unknown, ctx: DescribeContext): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && isPenceKey(key)) return formatPence(value, ctx.currency);
  if (typeof value === 'number' && isPoundsKey(key)) return formatMoney(value, ctx.currency);
  if (typeof value === 'number' && USER_ID_KEY.test(key)) return ctx.userName?.(value) ?? `User #${value}`;
  if (typeof value === 'boolean') {
    if (key === 'weapons_on') return value ? 'On' : 'Off';
    if (LOCK_KEYS.has(key)) return value ? 'Locked' : 'Unlocked';
    return value ? 'Yes' : 'No';
  }
  if (typeof value === 'string') {
    if (key === 'plan_type') return planName(value);
    if (key === 'kind') return mailKindLabel(value);
    if (key === 'timezone') return zoneLabel(value);
    if (key.endsWith('_owner')) return OWNERS[value] ?? words(value);
    if (key === 'assigned_chicken') return CHICKEN[value] ?? words(value);
    if (key.endsWith('_status') || key === 'payment_type' || key === 'type') return words(value);
    if (ISO_INSTANT.test(value)) return formatInstant(value, ctx.timeZone);
    if (ISO_DATE.test(value)) return formatDay(value);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'None';
    if (key === 'add_ons') return value.map(addOnName).join(', ');
    if (key === 'teams') return value.map(teamText).join('; ');
    if (key === 'added_challenges') return value.map((id) => (typeof id === 'number' ? (ctx.challengeName?.(id) ?? `Challenge #${id}`) : plain(id))).join(', ');
  }
  const text = plain(value);
  return text === '' ? null : text;
}
