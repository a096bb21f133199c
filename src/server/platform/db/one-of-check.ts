import { sql } from 'drizzle-orm';
import { check, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * Keeps an enum-like text column to its shared list (the same `as const` array the column's type comes from), so a
 * value outside it is refused by the database itself, whatever code writes it. NULL passes: nullability is the
 * column's own rule.
 */
export function oneOfCheck(name: string, column: PgColumn, values: readonly string[]) {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return check(name, sql`${column} in (${sql.raw(list)})`);
}
