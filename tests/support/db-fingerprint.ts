import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client';

/** Tables whose rows change on any request by design: counted, not hashed. */
const COUNT_ONLY = new Set(['sessions', 'rate_limits']);
/** Never compared: attempt counters change on refused requests too (that is their point). */
const IGNORED = new Set(['rate_limits', '__drizzle_migrations']);

/**
 * A cheap fingerprint of everything the app stores: per table, its row count and an md5 of all its rows.
 * Two equal fingerprints mean no row was added, removed or changed.
 */
const queries = new WeakMap<Db, string>();

export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  let query = queries.get(db);
  if (query === undefined) {
    query = await fingerprintQuery(db);
    queries.set(db, query);
  }
  if (!query) return {};
  const result = await db.execute<{ t: string; f: string }>(sql.raw(query));
  return Object.fromEntries(rowsOf<{ t: string; f: string }>(result).map((r) => [r.t, r.f]));
}

/**
 * The fingerprint of the database as of now, for a test that takes one after every request (the fuzzer): read again
 * only when a row may have changed since the last one. Every transaction that writes a row (insert, update, delete,
 * truncate) is given a transaction id; reads are not. The server's current snapshot (the next id to give, and the ids
 * still running) therefore stays the same exactly as long as no write has started or ended, and while it does the last
 * fingerprint is still the database's. A moved snapshot (any write, here or, on a PostgreSQL server, in another
 * database of the cluster) reads everything again. On the embedded database the snapshot costs a few milliseconds,
 * the fingerprint over every table about fifteen times that.
 */
export function fingerprintWatcher(db: Db): () => Promise<Record<string, string>> {
  let last: { snapshot: string; fingerprint: Record<string, string> } | undefined;
  return async () => {
    // Read before the fingerprint: a write between the two leaves the snapshot older than the rows, so the next call
    // reads again rather than trusting it.
    const snapshot = await currentSnapshot(db);
    if (last?.snapshot === snapshot) return last.fingerprint;
    const fingerprint = await databaseFingerprint(db);
    last = { snapshot, fingerprint };
    return fingerprint;
  };
}

async function currentSnapshot(db: Db): Promise<string> {
  const [row] = rowsOf<{ snapshot: string }>(await db.execute<{ snapshot: string }>(sql`select pg_current_snapshot()::text as snapshot`));
  if (!row) throw new Error('the database did not tell its snapshot');
  return row.snapshot;
}

/** One statement over every table of the schema (looked up once per database). */
async function fingerprintQuery(db: Db): Promise<string> {
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = rowsOf<{ table_name: string }>(tables)
    .map((r) => r.table_name)
    .filter((n) => !IGNORED.has(n) && /^[a-z_][a-z0-9_]*$/.test(n));
  if (names.length === 0) return '';
  const parts = names.map((n) =>
    COUNT_ONLY.has(n)
      ? `select '${n}' as t, count(*)::text as f from "${n}"`
      : `select '${n}' as t, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as f from "${n}" x`,
  );
  return parts.join(' union all ');
}

/** node-postgres answers {rows}, PGlite answers {rows} too, but typed differently: accept both. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  return [];
}

export function diffFingerprints(before: Record<string, string>, after: Record<string, string>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => before[k] !== after[k]);
}
