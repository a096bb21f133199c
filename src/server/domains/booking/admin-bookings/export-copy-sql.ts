import pg from 'pg';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { bookingGame } from '../../game/records';
import { bookings } from '../tables/bookings';
import { EXPORT_COLUMNS } from './export-columns';
import { exportHost, exportLastContact, exportPaid } from './export-joins';

/**
 * The export as one `COPY … TO STDOUT (FORMAT csv)` statement for a PostgreSQL server, so the server
 * writes the CSV itself. Each cell is the `sql` of its column in export-columns.ts, written beside the JS
 * that renders the same cell for the paged path; tests/api/admin-bookings-export-paths.test.ts checks
 * that both paths agree cell by cell. The query around the cells is built with Drizzle from the sources of
 * export-joins.ts (the game through the game domain's projection), so no table is named in raw SQL here.
 */

/** A bound value as a SQL literal (pg's escapeLiteral quotes strings whatever standard_conforming_strings says). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  throw new Error(`cannot inline a ${typeof value} into COPY`);
}

/** A `$` followed by a digit in the text around the placeholders would be taken for one. */
const PLACEHOLDER = /\$(\d+)\b/g;

/**
 * The query as plain SQL text: COPY takes no bind parameters, so each `$n` is replaced by its value as a quoted
 * literal. The text is built by Drizzle and the cells' SQL of export-columns.ts, which hold no `$` before a digit
 * (checked: the count of placeholders must be the count of parameters), and every value passes through escapeLiteral.
 */
function inlineParams(query: { sql: string; params: unknown[] }): string {
  const placeholders = new Set([...query.sql.matchAll(PLACEHOLDER)].map((m) => m[1]));
  if (placeholders.size !== query.params.length) throw new Error('the COPY text holds a `$n` that is not a parameter');
  return query.sql.replace(PLACEHOLDER, (_, n: string) => literal(query.params[Number(n) - 1]));
}

export function exportCopyStatement(where: SQL | undefined): string {
  const cells = Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [`c${i}`, sql.raw(c.sql).as(c.header)]));
  const query = new QueryBuilder()
    .select(cells)
    .from(bookings)
    .leftJoin(bookingGame, eq(bookingGame.bookingId, bookings.id))
    .leftJoin(exportHost, eq(exportHost.id, bookings.assignedHostId))
    .leftJoin(exportPaid, eq(exportPaid.bookingId, bookings.id))
    .leftJoin(exportLastContact, eq(exportLastContact.bookingId, bookings.id))
    .where(where)
    .orderBy(desc(bookings.id));
  return `copy (${inlineParams(query.toSQL())}) to stdout with (format csv, header true)`;
}
