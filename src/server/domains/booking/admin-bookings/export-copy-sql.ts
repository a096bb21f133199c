import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { EXPORT_COLUMNS } from './export-columns';

/**
 * The export as one `COPY … TO STDOUT (FORMAT csv)` statement for a PostgreSQL server, so the server
 * writes the CSV itself. Each cell is the `sql` of its column in export-columns.ts, written beside the JS
 * that renders the same cell for the paged path; tests/api/admin-bookings-export-paths.test.ts checks
 * that both paths agree cell by cell.
 */

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const dialect = new PgDialect();

/** A bound value as a SQL literal (pg's escapeLiteral quotes strings whatever standard_conforming_strings says). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  throw new Error(`cannot inline a ${typeof value} into COPY`);
}

/**
 * The list's WHERE condition as plain SQL text: COPY takes no bind parameters, so each `$n` of the
 * compiled condition is replaced by its value as a quoted literal. The condition is built by our own
 * query builders (no literal text of its own contains `$`), and every value passes through escapeLiteral.
 */
function inlineCondition(where: SQL): string {
  const { sql, params } = dialect.sqlToQuery(where);
  return sql.replace(/\$(\d+)\b/g, (_, n: string) => literal(params[Number(n) - 1]));
}

export function exportCopyStatement(where: SQL | undefined): string {
  const cells = EXPORT_COLUMNS.map((c) => `${c.sql} as ${ident(c.header)}`);
  return `copy (select ${cells.join(', ')}
    from bookings
    left join games g on g.booking_id = bookings.id
    left join users h on h.id = bookings.assigned_host_id
    left join (select booking_id, sum(payment_amount) as total from booking_payments group by booking_id) p on p.booking_id = bookings.id
    left join (select booking_id, max(created_at) as last_at from contact_history group by booking_id) c on c.booking_id = bookings.id
    ${where ? `where ${inlineCondition(where)}` : ''}
    order by bookings.id desc) to stdout with (format csv, header true)`;
}
