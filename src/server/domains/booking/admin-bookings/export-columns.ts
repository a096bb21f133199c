import type { BookingRow } from './admin-bookings-repository';
import { ADD_ONS, PLANS } from '../../../../shared/plans';
import { BOOKING_SOURCE_LABELS as SOURCES, inferSource, sourceLabel } from '../../../../shared/tracking';
import { LEAD_STATUS_LABELS } from '../../../../shared/api/booking';
import { BOOKING_STATUS_LABELS } from '../../../../shared/lifecycle/booking-states';
import { SPOT_NOT_SET, SPOT_STATUS_LABELS, spotStatusLabel } from '../../../../shared/spot-status';
import { EXPORT_JOINED as J } from './export-joins';

/**
 * The export's columns, each written twice side by side: `value` renders a cell in JS (the keyset pages
 * on the embedded database) and `sql` renders the same cell in PostgreSQL (COPY, export-copy-sql.ts).
 * tests/api/admin-bookings-export-paths.test.ts checks that both give the same cells.
 *
 * Cells are for people (docs/decisions/0150): labels instead of keys, add-ons by name, money as
 * '£1,234.50' in the booking's currency, dates as dd/MM/yyyy HH:mm in the booking's time zone, no JSON.
 */

/** What one exported booking is made of: its row and what the export joins in. */
export type ExportRow = BookingRow & {
  gameCode: string | null;
  gameActivated: boolean;
  hostName: string | null;
  hostEmail: string | null;
  paidPence: number;
  lastContactAt: Date | null;
};

export type Cell = string | number;

type Column = { header: string; value: (r: ExportRow) => Cell; sql: string };

// ---------------------------------------------------------------------------------------------
// Labels: one map each, rendered in JS and as a SQL CASE.

const PLAN_LABELS: Record<string, string> = Object.fromEntries(PLANS.map((p) => [p.type, p.name]));
const ADD_ON_LABELS: Record<string, string> = Object.fromEntries(ADD_ONS.map((a) => [a.type, a.name]));
const CURRENCY_SYMBOLS: Record<string, string> = { GBP: '£', USD: '$', EUR: '€' };

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** `labels[key]`, else `fallback` (the raw value, guarded by the caller where it is text); in SQL a CASE over the same map. */
function labelSql(expr: string, labels: Record<string, string>, fallback: string): string {
  const whens = Object.entries(labels)
    .map(([key, label]) => `when ${quote(key)} then ${quote(label)}`)
    .join(' ');
  return `case ${expr} ${whens} else ${fallback} end`;
}

// ---------------------------------------------------------------------------------------------
// Cell rules, JS and SQL.

/** Text a spreadsheet would run as a formula is prefixed with a quote. */
const FORMULA = /^[=+\-@\t\r]/;
function text(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return FORMULA.test(value) ? `'${value}` : value;
}
// '-' last: inside the class it would otherwise make a range (and E'' strings drop the backslash).
const FORMULA_SQL = `E'^[=+@\\t\\r-]'`;
function textSql(expr: string): string {
  return `case when ${expr} ~ ${FORMULA_SQL} then '''' || ${expr} else ${expr} end`;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const yesNoSql = (expr: string) => `case when ${expr} then 'Yes' else 'No' end`;

/** '£1,234.50' from minor units (123450): always two decimals, thousands grouped, the currency's symbol (or its code). */
function money(minor: number, currency: string): string {
  const abs = Math.abs(minor);
  const grouped = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = String(abs % 100).padStart(2, '0');
  return `${minor < 0 ? '-' : ''}${CURRENCY_SYMBOLS[currency] ?? `${currency} `}${grouped}.${cents}`;
}
/** The same cell in SQL, from an integer of minor units (numeric division by 100.0 is exact). */
function moneySql(minorExpr: string): string {
  const symbol = labelSql('bookings.currency', CURRENCY_SYMBOLS, `bookings.currency || ' '`);
  return `case when ${minorExpr} < 0 then '-' else '' end || ${symbol} || to_char(abs(${minorExpr}) / 100.0, 'FM999,999,999,999,990.00')`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();
function zoneFormat(timeZone: string): Intl.DateTimeFormat | null {
  let f = zoneFormats.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      f = null;
    }
    zoneFormats.set(timeZone, f);
  }
  return f;
}

/** dd/MM/yyyy HH:mm of an instant in the booking's time zone. */
function localTimestamp(value: Date | null, timeZone: string): string {
  if (!value) return '';
  const f = zoneFormat(timeZone);
  if (!f) return '';
  const part: Record<string, string> = {};
  for (const p of f.formatToParts(value)) part[p.type] = p.value;
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}
const localTimestampSql = (expr: string) => `to_char(${expr} at time zone bookings.timezone, 'DD/MM/YYYY HH24:MI')`;

const two = (n: number) => String(n).padStart(2, '0');

/** The game's local date and meeting time as dd/MM/yyyy HH:mm (the date alone when the time is unusable). */
function gameDate(r: ExportRow): string {
  const [y, m, d] = r.date.split('-');
  const day = `${d}/${m}/${y}`;
  const t: unknown = r.meetingTime;
  if (t && typeof t === 'object' && 'hour' in t && 'minute' in t && Number.isInteger(t.hour) && Number.isInteger(t.minute)) {
    return `${day} ${two(Number(t.hour))}:${two(Number(t.minute))}`;
  }
  return day;
}
const GAME_DATE_SQL = `to_char(bookings.date, 'DD/MM/YYYY') || case
    when jsonb_typeof(bookings.meeting_time -> 'hour') = 'number' and jsonb_typeof(bookings.meeting_time -> 'minute') = 'number'
      and (bookings.meeting_time ->> 'hour')::numeric = trunc((bookings.meeting_time ->> 'hour')::numeric)
      and (bookings.meeting_time ->> 'minute')::numeric = trunc((bookings.meeting_time ->> 'minute')::numeric)
    then ' ' || lpad(bookings.meeting_time ->> 'hour', 2, '0') || ':' || lpad(bookings.meeting_time ->> 'minute', 2, '0')
    else '' end`;

/** Add-ons by name, in order: a string is a type, an object names its type; anything else is skipped. */
function addOnNames(addOns: unknown): string {
  if (!Array.isArray(addOns)) return '';
  const names: string[] = [];
  for (const a of addOns as unknown[]) {
    const type = typeof a === 'string' ? a : a && typeof a === 'object' && 'type' in a && typeof a.type === 'string' ? a.type : null;
    if (type !== null) names.push(ADD_ON_LABELS[type] ?? type);
  }
  return text(names.join(', '));
}
const ADD_ON_TYPE_SQL = `case jsonb_typeof(e) when 'string' then e #>> '{}' when 'object' then case when jsonb_typeof(e -> 'type') = 'string' then e ->> 'type' end end`;
// The usual values take a fast path (their names are safe text); anything else is taken apart element by
// element, its joined names guarded once (a subquery, so the aggregate is not computed twice).
const ADD_ONS_SQL = `case
    when bookings.add_ons = '[]'::jsonb then ''
    ${ADD_ONS.map((a) => `when bookings.add_ons = ${quote(JSON.stringify([a.type]))}::jsonb then ${quote(a.name)}`).join('\n    ')}
    when jsonb_typeof(bookings.add_ons) <> 'array' then ''
    else (select ${textSql('names')} from (select coalesce(string_agg(${labelSql(`(${ADD_ON_TYPE_SQL})`, ADD_ON_LABELS, `(${ADD_ON_TYPE_SQL})`)}, ', ' order by n), '') as names
      from jsonb_array_elements(bookings.add_ons) with ordinality as a(e, n)) as joined)
  end`;

/** The source icon rule of src/shared/tracking.ts inferSource, in SQL, as its label. */
const SOURCE_SQL = `case
    when lower(coalesce(bookings.utm_source, '')) like '%instagram%' or lower(coalesce(bookings.utm_source, '')) = 'ig' then ${quote(SOURCES.instagram)}
    when lower(coalesce(bookings.utm_source, '')) like '%facebook%' or lower(coalesce(bookings.utm_source, '')) = 'fb' or coalesce(bookings.fbclid, '') <> '' or coalesce(bookings.fbc, '') <> '' then ${quote(SOURCES.facebook)}
    when lower(coalesce(bookings.utm_source, '')) like '%linkedin%' or coalesce(bookings.li_fat_id, '') <> '' then ${quote(SOURCES.linkedin)}
    when lower(coalesce(bookings.utm_source, '')) like '%google%' or coalesce(bookings.gclid, '') <> '' then ${quote(SOURCES.google)}
    else '' end`;

const label = (labels: Record<string, string>, key: string) => text(labels[key] ?? key);
const col = (name: string) => `bookings.${name}`;

export const EXPORT_COLUMNS: readonly Column[] = [
  { header: 'ID', value: (r) => r.id, sql: `${col('id')}::text` },
  { header: 'Game code', value: (r) => r.gameCode ?? '', sql: J.gameCode },
  { header: 'Temporary code', value: (r) => r.tempCode, sql: col('temp_code') },
  { header: 'Created', value: (r) => localTimestamp(r.createdAt, r.timezone), sql: localTimestampSql(col('created_at')) },
  {
    header: 'Booking status',
    value: (r) => label(BOOKING_STATUS_LABELS, r.bookingStatus),
    sql: labelSql(col('booking_status'), BOOKING_STATUS_LABELS, textSql(col('booking_status'))),
  },
  {
    header: 'Lead status',
    value: (r) => label(LEAD_STATUS_LABELS, r.leadStatus),
    sql: labelSql(col('lead_status'), LEAD_STATUS_LABELS, textSql(col('lead_status'))),
  },
  { header: 'Name', value: (r) => text(r.fullName), sql: textSql(col('full_name')) },
  { header: 'Email', value: (r) => text(r.email), sql: textSql(col('email')) },
  { header: 'Phone', value: (r) => text(r.tel), sql: textSql(col('tel')) },
  { header: 'Company', value: (r) => text(r.companyName), sql: textSql(col('company_name')) },
  { header: 'City', value: (r) => text(r.city), sql: textSql(col('city')) },
  { header: 'Game date', value: gameDate, sql: GAME_DATE_SQL },
  { header: 'Time zone', value: (r) => text(r.timezone), sql: textSql(col('timezone')) },
  { header: 'Duration (minutes)', value: (r) => r.duration, sql: `${col('duration')}::text` },
  { header: 'Players', value: (r) => r.players, sql: `${col('players')}::text` },
  { header: 'Plan', value: (r) => label(PLAN_LABELS, r.planType), sql: labelSql(col('plan_type'), PLAN_LABELS, textSql(col('plan_type'))) },
  { header: 'Hosted', value: (r) => yesNo(r.hosted), sql: yesNoSql(col('hosted')) },
  { header: 'Add-ons', value: (r) => addOnNames(r.addOns), sql: ADD_ONS_SQL },
  { header: 'Price per person', value: (r) => money(r.pricePerPersonMinor, r.currency), sql: moneySql(col('price_per_person_minor')) },
  { header: 'Add-ons total', value: (r) => money(r.addOnsTotalMinor, r.currency), sql: moneySql(col('add_ons_total_minor')) },
  // The list price the discount is taken from (shared/price-breakdown.ts): List price − Discount = Total price (issue 35).
  {
    header: 'List price',
    value: (r) => money(r.pricePerPersonMinor * r.players + r.addOnsTotalMinor, r.currency),
    sql: moneySql(`(${col('price_per_person_minor')}::bigint * ${col('players')} + ${col('add_ons_total_minor')})`),
  },
  { header: 'Discount code', value: (r) => text(r.discountCode), sql: textSql(col('discount_code')) },
  { header: 'Discount', value: (r) => money(r.discountTotalMinor, r.currency), sql: moneySql(col('discount_total_minor')) },
  { header: 'Total price', value: (r) => money(r.totalPriceMinor, r.currency), sql: moneySql(col('total_price_minor')) },
  { header: 'Paid', value: (r) => money(r.paidPence, r.currency), sql: moneySql(`coalesce(${J.paidPence}, 0)`) },
  { header: 'Meeting point', value: (r) => text(r.meetingPointAddress), sql: textSql(col('meeting_point_address')) },
  {
    header: 'Meeting point status',
    value: (r) => spotStatusLabel(r.meetingPointStatus),
    sql: labelSql(col('meeting_point_status'), SPOT_STATUS_LABELS, quote(SPOT_NOT_SET)),
  },
  { header: 'Hiding spot', value: (r) => text(r.hidingSpotAddress), sql: textSql(col('hiding_spot_address')) },
  {
    header: 'Hiding spot status',
    value: (r) => spotStatusLabel(r.hidingSpotStatus),
    sql: labelSql(col('hiding_spot_status'), SPOT_STATUS_LABELS, quote(SPOT_NOT_SET)),
  },
  { header: 'Host', value: (r) => text(r.hostName), sql: textSql(J.hostName) },
  { header: 'Host email', value: (r) => text(r.hostEmail), sql: textSql(J.hostEmail) },
  { header: 'Game activated', value: (r) => yesNo(r.gameActivated), sql: yesNoSql(`coalesce(${J.gameActivated}, false)`) },
  { header: 'Last contact', value: (r) => localTimestamp(r.lastContactAt, r.timezone), sql: localTimestampSql(J.lastContactAt) },
  {
    header: 'Source',
    value: (r) => sourceLabel(inferSource({ utm_source: r.utmSource, fbclid: r.fbclid, fbc: r.fbc, li_fat_id: r.liFatId, gclid: r.gclid })),
    sql: SOURCE_SQL,
  },
  { header: 'Referral source', value: (r) => text(r.referralSource), sql: textSql(col('referral_source')) },
  { header: 'UTM source', value: (r) => text(r.utmSource), sql: textSql(col('utm_source')) },
  { header: 'UTM medium', value: (r) => text(r.utmMedium), sql: textSql(col('utm_medium')) },
  { header: 'UTM campaign', value: (r) => text(r.utmCampaign), sql: textSql(col('utm_campaign')) },
  { header: 'UTM term', value: (r) => text(r.utmTerm), sql: textSql(col('utm_term')) },
  { header: 'UTM content', value: (r) => text(r.utmContent), sql: textSql(col('utm_content')) },
  { header: 'Notes', value: (r) => text(r.adminGeneralNotes), sql: textSql(col('admin_general_notes')) },
];

export const EXPORT_HEADERS: readonly string[] = EXPORT_COLUMNS.map((c) => c.header);

export function exportRecord(row: ExportRow): Cell[] {
  return EXPORT_COLUMNS.map((c) => c.value(row));
}
