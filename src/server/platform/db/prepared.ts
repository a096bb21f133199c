import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * A statement Drizzle builds once per database session instead of on every call (decision 0600). `build` makes the
 * query with `sql.placeholder`s and ends in `.prepare(name)`; the caller runs it with `.execute(values)`, which fills
 * the placeholders through the columns' own encoders and decodes the rows as a plain query would.
 *
 * Building is the costly part (Drizzle walks every column and value to write the SQL text), so it is kept per session:
 * the pool's handle (statements outside a transaction), a handle bound to one pooled connection for its life
 * (`Database.withConnection`: its transactions share its session), or a transaction's own session (built once per
 * transaction, as before; dropped with it). On PostgreSQL the name makes node-postgres parse the statement once per
 * connection; PGlite ignores names. The name must be unique to its text across the app.
 */
export function preparedPerSession<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const bySession = new WeakMap<object, Q>();
  return (db) => {
    const session = db._.session;
    const found = bySession.get(session);
    if (found !== undefined) return found;
    const made = build(db);
    bySession.set(session, made);
    return made;
  };
}

/**
 * A placeholder sent as given, past the column's encoder, for a nullable json or timestamp column: Drizzle fills a
 * prepared statement's placeholders through the encoder without its null check, so null would be stored as json
 * `null` or fail on `toISOString` (a plain insert sends SQL NULL). Pass `jsonParam` / `timestampParam` values.
 */
export const unencoded = (name: string) => sql`${sql.placeholder(name)}`;

/** A json column's value as a plain insert sends it (text), or NULL. */
export const jsonParam = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/** A timestamptz column's value as a plain insert sends it (ISO 8601), or NULL. */
export const timestampParam = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);
