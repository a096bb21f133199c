import { isLanguage, languageName } from '../i18n/languages';
import {
  compareFields,
  mailKindLabel,
  fieldLabel,
  formatDay,
  formatInstant,
  formatTime,
  formatValue,
  isShownKey,
  normalizeKeys,
  words,
  zoneLabel,
  type ChangeLine,
  type DescribeContext,
} from './field-values';

export type { ChangeLine, DescribeContext } from './field-values';
export { mailKindLabel } from './field-values';

/** A change in words: one sentence, and the fields it touched with their values before and after. */
export type Described = { summary: string; changes: ChangeLine[] };

type Side = Record<string, unknown>;

const WHEN_KEYS = ['date', 'meeting_time', 'timezone', 'utc_date_time'];
const AREA_KEYS = ['initial_area_lat', 'initial_area_lng', 'initial_area_radius'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The date, time and zone of one side as one value: 'Sat 14 Jun 2031, 15:00 (London)'. */
function whenText(side: Side, other: Side, ctx: DescribeContext): string | null {
  const zoneOf = (s: Side) => (typeof s.timezone === 'string' ? s.timezone : null);
  const zone = zoneOf(side) ?? zoneOf(other) ?? ctx.timeZone;
  if (typeof side.utc_date_time === 'string' && side.utc_date_time) return `${formatInstant(side.utc_date_time, zone)} (${zoneLabel(zone)})`;
  const parts: string[] = [];
  if (typeof side.date === 'string' && side.date) parts.push(formatDay(side.date));
  const time = side.meeting_time;
  if (isRecord(time) && typeof time.hour === 'number' && typeof time.minute === 'number') parts.push(formatTime({ hour: time.hour, minute: time.minute }));
  if (parts.length === 0) return zoneOf(side) ? zoneLabel(zone) : null;
  return zoneOf(side) ? `${parts.join(', ')} (${zoneLabel(zone)})` : parts.join(', ');
}

function areaText(side: Side): string | null {
  const lat = side.initial_area_lat;
  const lng = side.initial_area_lng;
  const radius = side.initial_area_radius;
  const parts: string[] = [];
  if (typeof lat === 'number' && typeof lng === 'number') parts.push(`${lat.toFixed(4)}, ${lng.toFixed(4)}`);
  if (typeof radius === 'number') parts.push(`${radius.toLocaleString('en-GB')} m radius`);
  return parts.length ? parts.join(', ') : null;
}

function has(side: Side, keys: string[]): boolean {
  return keys.some((k) => k in side);
}

/**
 * The fields of a before/after pair in words. Keys are read as snake_case, so a column written once
 * as `meeting_point_address` and once as `meetingPointAddress` is one line; date, time and zone read
 * as one 'Date and time', the area's centre and radius as one 'Game area'; unchanged fields are left out.
 */
export function describeFields(before: Side | null | undefined, after: Side | null | undefined, ctx: DescribeContext): ChangeLine[] {
  const b = normalizeKeys(before);
  const a = normalizeKeys(after);
  const lines: ChangeLine[] = [];
  const noMoment = !has(b, ['date', 'meeting_time', 'utc_date_time']) && !has(a, ['date', 'meeting_time', 'utc_date_time']);
  let whenDone = false;
  let areaDone = false;
  // Composite lines stand where their first field would.
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(compareFields)) {
    if (!isShownKey(key)) continue;
    if (WHEN_KEYS.includes(key) && !noMoment) {
      if (!whenDone) lines.push({ label: 'Date and time', before: whenText(b, a, ctx), after: whenText(a, b, ctx) });
      whenDone = true;
    } else if (AREA_KEYS.includes(key)) {
      if (!areaDone) lines.push({ label: 'Game area', before: areaText(b), after: areaText(a) });
      areaDone = true;
    } else {
      lines.push({ label: fieldLabel(key), before: formatValue(key, b[key], ctx), after: formatValue(key, a[key], ctx) });
    }
  }
  return lines.filter((line) => line.before !== line.after);
}

function listText(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

/** 'payment.void' → 'Payment: void': what an action nobody taught this module reads as. */
function genericSummary(action: string): string {
  const [entity = '', ...rest] = action.split('.');
  if (rest.length === 0) return words(entity);
  return `${words(entity)}: ${words(rest.join(' ')).toLowerCase()}`;
}

const NOTE_SUMMARY: Record<string, string> = { note: 'Added a note', phone: 'Logged a phone call', email: 'Logged an email', meeting: 'Logged a meeting' };

type Summarize = (b: Side, a: Side, ctx: DescribeContext) => string;

const STAFF_SUMMARIES: Record<string, Summarize> = {
  'booking.create': () => 'Created the booking',
  'booking.general_notes': () => 'Updated the general notes',
  'booking.date_time': () => 'Changed the date and time',
  'booking.assign_host': (_b, a, ctx) => {
    const name = formatValue('assigned_host_id', a.assigned_host_id, ctx);
    return name ? `Assigned ${name} as host` : 'Changed the host';
  },
  'booking.meeting_point': () => 'Set the meeting point',
  'booking.hiding_spot': () => 'Set the hiding spot',
  // Whole sentences, each as the messages catalogue holds it (src/shared/i18n/<lang>/messages.json): the staff pages show them translated.
  'booking.language': (_b, a) =>
    isLanguage(a.language) ? `Changed the booker's language to ${languageName(a.language)}` : "Changed the booker's language to another",
  'booking.note': (_b, a) => NOTE_SUMMARY[str(a.type) ?? 'note'] ?? 'Added a note',
  'booking.lead_status': (_b, a, ctx) => {
    const status = formatValue('lead_status', a.lead_status, ctx);
    return status !== null ? `Changed the lead status to ${status}` : 'Changed the lead status to none';
  },
  'booking.locks': (b, a) => {
    const sections = Object.keys(a).filter(isShownKey);
    const locked = sections.filter((s) => a[s] === true && b[s] !== true).map(fieldLabel);
    const unlocked = sections.filter((s) => a[s] === false && b[s] !== false).map(fieldLabel);
    if (locked.length && unlocked.length) return `Locked ${listText(locked)}; unlocked ${listText(unlocked)}`;
    if (locked.length) return `Locked ${listText(locked)}`;
    if (unlocked.length) return `Unlocked ${listText(unlocked)}`;
    return 'Saved the locks (no change)';
  },
  'game.start': () => 'Started the game',
  // Entries before issue 36 name the game's own host column (game_host_id); the host now lives on the booking only.
  'game.emergency_host_change': (_b, a, ctx) => {
    const name = formatValue('assigned_host_id', a.assigned_host_id ?? a.game_host_id, ctx);
    return name !== null ? `Changed the game's host in an emergency to ${name}` : "Changed the game's host in an emergency to another host";
  },
  'game.weapons': (_b, a) => (a.weapons_on === true ? 'Turned weapons on' : 'Turned weapons off'),
  'payment.record': (_b, a, ctx) => {
    const amount = formatValue('payment_amount', a.payment_amount, ctx);
    const type = str(a.payment_type);
    const method = type ? words(type).toLowerCase() : null;
    if (method !== null && amount) return `Recorded a ${method} payment of ${amount}`;
    if (method !== null) return `Recorded a ${method} payment`;
    return amount ? `Recorded a payment of ${amount}` : 'Recorded a payment';
  },
  'proposal.create': (_b, a) => `Drafted proposal #${String(a.proposal_id ?? '')}`,
  'proposal.update': (_b, a) => `Edited proposal #${String(a.proposal_id ?? '')}`,
  'proposal.send': (_b, a) => `Sent proposal #${String(a.proposal_id ?? '')}`,
  'proposal.withdraw': (_b, a) => `Withdrew proposal #${String(a.proposal_id ?? '')}`,
  'mail.retry': (_b, a) => {
    const kind = mailKindLabel(str(a.kind) ?? 'mail');
    const to = str(a.to);
    return to ? `Retried the failed mail '${kind}' to ${to}` : `Retried the failed mail '${kind}'`;
  },
  'mail.reveal_reset_link': (_b, a) => {
    const to = str(a.to);
    return to ? `Read the password reset link mailed to ${to}` : 'Read the password reset link mailed to a user';
  },
  'invoice.retry_render': () => 'Asked for an invoice PDF to be made again',
  'mail.resend': (_b, a) => {
    const kind = mailKindLabel(str(a.kind) ?? 'mail');
    const to = str(a.to);
    return to ? `Resent the mail '${kind}' to ${to}` : `Resent the mail '${kind}'`;
  },
  'mail.skip_scheduled': (_b, a) => `Skipped the scheduled message '${mailKindLabel(str(a.kind) ?? 'mail')}'`,
  'challenge.create': (_b, a) => `Created the challenge '${str(a.name) ?? ''}'`,
  'challenge.update': () => 'Updated a challenge',
  'user.create': () => 'Created a staff user',
  'user.upgrade': () => 'Gave a user more roles',
  'user.roles': () => "Changed a user's roles",
  'user.roles_removed': () => 'Removed all roles of a user',
  'price.update': () => 'Changed a price',
};

/** A staff change from the activity log in words. An action this module does not know still reads as a sentence. */
export function describeStaffAction(
  action: string,
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  ctx: DescribeContext,
): Described {
  const b = normalizeKeys(before);
  const a = normalizeKeys(after);
  const summarize = STAFF_SUMMARIES[action];
  // These sentences already say everything their fields hold.
  const changes = action === 'booking.locks' || action.startsWith('mail.') ? [] : describeFields(before, after, ctx);
  return { summary: summarize ? summarize(b, a, ctx) : genericSummary(action), changes };
}

/** `{field: {from, to}}`, as the public booking edit records its changes. */
function isFieldDiff(fields: Record<string, unknown>): boolean {
  const values = Object.values(fields);
  return values.length > 0 && values.every((v) => isRecord(v) && 'from' in v && 'to' in v);
}

/** The booker's place changes as whole sentences (meeting point / hiding spot), as the messages catalogue holds them. */
const LOCATION_SUMMARIES: Record<string, string> = {
  'proposed/': 'Proposed a meeting point',
  'withdrew/': 'Withdrew the proposed meeting point',
  '/proposed': 'Proposed a hiding spot',
  '/withdrew': 'Withdrew the proposed hiding spot',
  'proposed/proposed': 'Proposed a meeting point and proposed a hiding spot',
  'proposed/withdrew': 'Proposed a meeting point and withdrew the proposed hiding spot',
  'withdrew/proposed': 'Withdrew the proposed meeting point and proposed a hiding spot',
  'withdrew/withdrew': 'Withdrew the proposed meeting point and withdrew the proposed hiding spot',
};

function bookerSections(section: string, fields: Side, ctx: DescribeContext): Described | null {
  switch (section) {
    case 'activation':
      return { summary: 'Activated the game', changes: [] };
    case 'challenges': {
      const ids = Array.isArray(fields.added_challenges) ? fields.added_challenges : [];
      return {
        summary: ids.length === 1 ? 'Chose 1 challenge' : `Chose ${ids.length} challenges`,
        changes: describeFields(null, { added_challenges: ids }, ctx),
      };
    }
    case 'teams': {
      const teams = Array.isArray(fields.teams) ? fields.teams : [];
      return { summary: teams.length === 1 ? 'Set up 1 team' : `Set up ${teams.length} teams`, changes: describeFields(null, { teams: fields.teams }, ctx) };
    }
    case 'chicken':
      return {
        summary: 'Chose the Chicken',
        changes: describeFields(null, { assigned_chicken: fields.assigned_chicken, assigned_chicken_email: fields.assigned_chicken_email }, ctx),
      };
    case 'game_area': {
      const area = (v: unknown): Side => (isRecord(v) ? { initial_area_lat: v.lat, initial_area_lng: v.lng, initial_area_radius: v.radius } : {});
      return { summary: 'Moved the game area', changes: describeFields(area(fields.before), area(fields.after), ctx) };
    }
    case 'proposal': {
      // The customer accepted a quote (docs/decisions/0260-proposals.md): what it changed on the booking.
      const side = (v: unknown): Side => (isRecord(v) ? v : {});
      return { summary: `Accepted proposal #${String(fields.proposal_id ?? '')}`, changes: describeFields(side(fields.before), side(fields.after), ctx) };
    }
    case 'locations': {
      // What the booker did with each place: proposed it, withdrew it, or left it alone.
      const did = (key: string) => (!(key in fields) ? '' : fields[key] ? 'proposed' : 'withdrew');
      const summary = LOCATION_SUMMARIES[`${did('meeting_point_address')}/${did('hiding_spot_address')}`] ?? 'Changed the locations';
      const rest = Object.fromEntries(Object.entries(fields).filter(([k]) => k !== 'section'));
      return { summary, changes: describeFields(null, rest, ctx) };
    }
    default:
      return null;
  }
}

/** A change the booker made through their code (the booking_changes table) in words. */
export function describeBookerChange(fields: Record<string, unknown>, ctx: DescribeContext): Described {
  const section = str(fields.section);
  if (section) {
    const known = bookerSections(section, fields, ctx);
    if (known) return known;
  }
  if (isFieldDiff(fields)) {
    const before: Side = {};
    const after: Side = {};
    for (const [key, value] of Object.entries(fields)) {
      if (!isRecord(value)) continue;
      before[key] = value.from;
      after[key] = value.to;
    }
    const changes = describeFields(before, after, ctx);
    return { summary: changes.length ? `Changed ${changes.map((c) => c.label.toLowerCase()).join(', ')}` : 'Changed the booking', changes };
  }
  const rest = Object.fromEntries(Object.entries(fields).filter(([k]) => k !== 'section'));
  return { summary: section ? `Changed ${fieldLabel(section).toLowerCase()}` : 'Changed the booking', changes: describeFields(null, rest, ctx) };
}

const MAIL_STATUSES: Record<string, string> = {
  stored: 'Stored (no mail server)',
  pending: 'Pending',
  retry: 'Retrying',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  held: 'Held (too many to one address)',
};

export function mailStatusLabel(status: string): string {
  return MAIL_STATUSES[status] ?? words(status);
}

/** Statuses a mail is in after a send went wrong: the timeline says how often it was tried and why it failed. */
const TRIED_AND_REFUSED = new Set(['retry', 'failed']);

/**
 * A mail in the timeline: 'Booking confirmation to ann@example.com', or 'Resent: …' for a copy staff asked for. A mail
 * being retried or given up also says its attempts and the mail server's last answer, so staff know to call the booker.
 */
export function describeMail(
  mail: { kind: string; to: string; subject: string; status: string; attempts?: number; error?: string | null },
  resent: boolean,
): Described {
  const changes: Described['changes'] = [
    { label: 'Subject', before: null, after: mail.subject },
    { label: 'Status', before: null, after: mailStatusLabel(mail.status) },
  ];
  if (TRIED_AND_REFUSED.has(mail.status)) {
    if (mail.attempts !== undefined) changes.push({ label: 'Attempts', before: null, after: String(mail.attempts) });
    if (mail.error) changes.push({ label: 'Last error', before: null, after: mail.error });
  }
  const kind = mailKindLabel(mail.kind);
  return { summary: resent ? `Resent mail: ${kind} to ${mail.to}` : `Mail: ${kind} to ${mail.to}`, changes };
}
