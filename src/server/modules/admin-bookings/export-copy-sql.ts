import { getTableColumns } from 'drizzle-orm';
import { bookings } from '../../db/schema/bookings';

/**
 * The export as one `COPY … TO STDOUT (FORMAT csv)` statement for a PostgreSQL server, so the server
 * writes the CSV itself. Each cell is formatted as the streamed path (admin-bookings-service.ts
 * `cell` with csv-stringify) writes it: ISO timestamps in UTC with milliseconds, numbers without
 * trailing zeros, booleans as 1 or empty, compact JSON, and text a spreadsheet would run as a formula
 * prefixed with a quote. tests/api/admin-bookings-reports.test.ts checks both paths cell by cell.
 */

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
// '-' last: inside the class it would otherwise make a range (and E'' strings drop the backslash).
const FORMULA = `'^[=+@\\t\\r-]'`;

function text(expr: string): string {
  return `case when ${expr} ~ E${FORMULA} then '''' || ${expr} else ${expr} end`;
}
function timestamp(expr: string): string {
  return `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
function bool(expr: string): string {
  return `case when ${expr} then '1' else '' end`;
}
/**
 * Compact JSON, as JSON.stringify writes it. PostgreSQL prints jsonb with a space after ':' and ','.
 * Fast path: with no backslash in the text every '"' delimits a string, so '": ' and ', "' are only
 * structure and can be tightened in place; a ', ' before anything but a string (or any escape) takes
 * the general path, which rebuilds arrays and flat objects element by element (nested values inside
 * them keep PostgreSQL's spacing: the same JSON, not always the same bytes).
 */
function compactJson(expr: string): string {
  const general = `case jsonb_typeof(${expr})
    when 'array' then '[' || coalesce((select string_agg(e::text, ',' order by n) from jsonb_array_elements(${expr}) with ordinality as a(e, n)), '') || ']'
    when 'object' then '{' || coalesce((select string_agg(to_json(k)::text || ':' || v::text, ',') from jsonb_each(${expr}) as o(k, v)), '') || '}'
    else ${expr}::text end`;
  return `case when ${expr}::text !~ '\\\\' and ${expr}::text !~ ', [^"]'
    then replace(replace(${expr}::text, '": ', '":'), ', "', ',"')
    else ${general} end`;
}

function cellSql(columnType: string, expr: string): string {
  switch (columnType) {
    case 'PgText':
      return text(expr);
    case 'PgTimestamp':
    case 'PgTimestampString':
      return timestamp(expr);
    case 'PgBoolean':
      return bool(expr);
    case 'PgJsonb':
    case 'PgJson':
      return compactJson(expr);
    case 'PgNumeric':
    case 'PgNumericNumber':
      return `trim_scale(${expr})::text`;
    default:
      return `${expr}::text`;
  }
}

/** The source icon rule of src/shared/tracking.ts inferSource, in SQL for the server-side export. */
const SOURCE_SQL = `case
    when lower(coalesce(b.utm_source, '')) like '%instagram%' or lower(coalesce(b.utm_source, '')) = 'ig' then 'instagram'
    when lower(coalesce(b.utm_source, '')) like '%facebook%' or lower(coalesce(b.utm_source, '')) = 'fb' or coalesce(b.fbclid, '') <> '' or coalesce(b.fbc, '') <> '' then 'facebook'
    when lower(coalesce(b.utm_source, '')) like '%linkedin%' or coalesce(b.li_fat_id, '') <> '' then 'linkedin'
    when lower(coalesce(b.utm_source, '')) like '%google%' or coalesce(b.gclid, '') <> '' then 'google'
  end`;

export function exportCopyStatement(skipped: ReadonlySet<string>): string {
  const columns = Object.values(getTableColumns(bookings))
    .filter((column) => !skipped.has(column.name))
    .map((column) => `${cellSql(column.columnType, `b.${ident(column.name)}`)} as ${ident(column.name)}`);
  const extras = [
    `${text('g.code')} as game_code`,
    `${bool('coalesce(g.activated, false)')} as game_activated`,
    `${text('h.name')} as assigned_host_name`,
    `${text('h.email')} as assigned_host_email`,
    `coalesce(p.total, 0)::text as payments_total`,
    `${timestamp('c.last_at')} as last_contact_at`,
    `${SOURCE_SQL} as source`,
  ];
  return `copy (select ${[...columns, ...extras].join(', ')}
    from bookings b
    left join games g on g.booking_id = b.id
    left join users h on h.id = b.assigned_host_id
    left join (select booking_id, sum(payment_amount) as total from booking_payments group by booking_id) p on p.booking_id = b.id
    left join (select booking_id, max(created_at) as last_at from contact_history group by booking_id) c on c.booking_id = b.id
    order by b.id desc) to stdout with (format csv, header true)`;
}
