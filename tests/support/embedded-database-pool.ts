import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { z } from 'zod';
import { openDatabase, type Database } from '../../src/server/platform/db/client';

/**
 * The embedded databases of one test worker. Loading the run's snapshot into a new PGlite costs about 1.2 s of CPU (the
 * WebAssembly Postgres starting on the data folder); putting a used one back to the snapshot's rows costs a few
 * milliseconds. So a file's database, once released, is emptied and refilled with the snapshot's rows when the next
 * file of the worker asks for one (Vitest runs the API and browser files of a worker in one module graph,
 * vitest.config.ts). A database whose schema a test changed (a dropped or renamed table) or closed is never reused.
 */

type Snapshot = {
  /** Every table but the migration journal, quoted, in one TRUNCATE. */
  tables: string[];
  /** Each non-empty table's rows, as JSON. */
  rows: { table: string; json: string }[];
  sequences: { name: string; lastValue: string | null }[];
  schema: string;
};

const text = z.object({ value: z.string().nullable() });
const rowsOf = (result: unknown) => z.object({ rows: z.array(z.unknown()) }).parse(result).rows;

/** A fingerprint of the schema: tables, columns, constraints, indexes, triggers. */
const SCHEMA_FINGERPRINT = sql`
  select md5(concat_ws('|',
    (select string_agg(format('%s.%s.%s.%s', table_schema, table_name, column_name, data_type), ',' order by table_schema, table_name, column_name) from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')),
    (select string_agg(conname || ':' || conrelid::regclass::text, ',' order by conname, conrelid::regclass::text) from pg_constraint where connamespace <> 'pg_catalog'::regnamespace),
    (select string_agg(schemaname || '.' || indexname, ',' order by schemaname, indexname) from pg_indexes where schemaname not in ('pg_catalog', 'information_schema')),
    (select string_agg(tgname || ':' || tgrelid::regclass::text, ',' order by tgname, tgrelid::regclass::text) from pg_trigger where not tgisinternal)
  )) as value`;

async function schemaOf(database: Database): Promise<string> {
  const [row] = rowsOf(await database.db.execute(SCHEMA_FINGERPRINT));
  return text.parse(row).value ?? '';
}

async function takeSnapshot(database: Database): Promise<Snapshot> {
  const tableRows = rowsOf(
    await database.db.execute(
      sql`select format('%I.%I', schemaname, tablename) as value from pg_tables where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1`,
    ),
  );
  const tables = tableRows.map((row) => text.parse(row).value ?? '');
  const rows: Snapshot['rows'] = [];
  for (const table of tables) {
    const [row] = rowsOf(await database.db.execute(sql.raw(`select json_agg(t)::text as value from ${table} t`)));
    const json = text.parse(row).value;
    if (json) rows.push({ table, json });
  }
  const sequences = rowsOf(
    await database.db.execute(
      sql`select format('%I.%I', schemaname, sequencename) as name, last_value::text as last_value from pg_sequences where schemaname <> 'drizzle'`,
    ),
  ).map((row) => {
    const parsed = z.object({ name: z.string(), last_value: z.string().nullable() }).parse(row);
    return { name: parsed.name, lastValue: parsed.last_value };
  });
  return { tables, rows, sequences, schema: await schemaOf(database) };
}

/** Back to the snapshot's rows and sequence positions, in one transaction; no trigger fires on the copied rows. */
async function restore(database: Database, snapshot: Snapshot): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`truncate table ${snapshot.tables.join(', ')} restart identity cascade`));
    // The rows are the snapshot's own, count tables included: foreign keys and triggers are not checked again.
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const { table, json } of snapshot.rows) {
      await tx.execute(sql`insert into ${sql.raw(table)} select * from json_populate_recordset(null::${sql.raw(table)}, ${json}::json)`);
    }
    for (const { name, lastValue } of snapshot.sequences) {
      if (lastValue !== null) await tx.execute(sql`select setval(${name}::regclass, ${lastValue}::bigint, true)`);
    }
  });
  // A session lock a test left behind would block the next file's (the game ticker's) locks.
  await database.db.execute(sql`select pg_advisory_unlock_all()`);
}

type Pooled = { database: Database; closedByTest: boolean };
const idle: Pooled[] = [];
let snapshot: Promise<Snapshot> | undefined;
/** Idle databases kept per worker: a file rarely holds more than two at once. */
const MAX_IDLE = 2;

export type PooledDatabase = Database & {
  /** Gives the database back to the worker's pool (instead of closing it): the next file gets it emptied and refilled. */
  release(): Promise<void>;
};

export async function leaseEmbeddedDatabase(snapshotFile: string): Promise<PooledDatabase> {
  let entry = idle.pop();
  if (entry && snapshot) {
    // Only a database leased after the snapshot was taken is ever idle.
    await restore(entry.database, await snapshot);
  } else {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(snapshotFile)]) });
    entry = { database, closedByTest: false };
    // The first database of the worker is the snapshot itself, untouched: its rows are what every reset restores.
    snapshot ??= takeSnapshot(database);
    await snapshot;
  }
  const leased = entry;
  leased.closedByTest = false;
  let released = false;
  // A handle of its own for each lease: what the app keeps per database handle (the price list's and the translations'
  // caches, prepared statements) starts empty, as on a database of its own, not as the last file left it.
  const db = leased.database.raw.driver === 'pglite' ? drizzlePglite(leased.database.raw.client) : leased.database.db;
  return {
    ...leased.database,
    db,
    withConnection: (work) => work(db),
    // A test that closes the database (to see the app answer without one) really closes it.
    close: async () => {
      leased.closedByTest = true;
      await leased.database.close();
    },
    async release() {
      if (released) return;
      released = true;
      const reusable = !leased.closedByTest && idle.length < MAX_IDLE && (await schemaOf(leased.database).catch(() => '')) === (await snapshot)?.schema;
      if (reusable) idle.push(leased);
      else if (!leased.closedByTest) await leased.database.close();
    },
  };
}
