import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../src/server/platform/db/client';

/**
 * A test database put back to the run's migrated, seeded rows, so the next file can use it as if it were new
 * (embedded-database-pool.ts, server-database-pool.ts). Driver-agnostic: the same SQL on PGlite and on a PostgreSQL
 * server.
 */
export type Snapshot = {
  /** Every table but the migration journal, quoted. */
  tables: string[];
  /** Each non-empty table's rows, as JSON. */
  rows: { table: string; json: string }[];
  /** Where each sequence stood; one never used (no last value) starts again at its start value. */
  sequences: { name: string; lastValue: string | null; startValue: string }[];
  schema: string;
};

const text = z.object({ value: z.string().nullable() });
const rowsOf = (result: unknown) => z.object({ rows: z.array(z.unknown()) }).parse(result).rows;
const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A fingerprint of the schema: tables, columns, constraints, indexes, triggers. */
const SCHEMA_FINGERPRINT = sql`
  select md5(concat_ws('|',
    (select string_agg(format('%s.%s.%s.%s', table_schema, table_name, column_name, data_type), ',' order by table_schema, table_name, column_name) from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')),
    (select string_agg(conname || ':' || conrelid::regclass::text, ',' order by conname, conrelid::regclass::text) from pg_constraint where connamespace <> 'pg_catalog'::regnamespace),
    (select string_agg(schemaname || '.' || indexname, ',' order by schemaname, indexname) from pg_indexes where schemaname not in ('pg_catalog', 'information_schema')),
    (select string_agg(tgname || ':' || tgrelid::regclass::text, ',' order by tgname, tgrelid::regclass::text) from pg_trigger where not tgisinternal)
  )) as value`;

export async function schemaOf(database: Database): Promise<string> {
  const [row] = rowsOf(await database.db.execute(SCHEMA_FINGERPRINT));
  return text.parse(row).value ?? '';
}

export async function takeSnapshot(database: Database): Promise<Snapshot> {
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
      sql`select format('%I.%I', schemaname, sequencename) as name, last_value::text as last_value, start_value::text as start_value from pg_sequences where schemaname <> 'drizzle'`,
    ),
  ).map((row) => {
    const parsed = z.object({ name: z.string(), last_value: z.string().nullable(), start_value: z.string() }).parse(row);
    return { name: parsed.name, lastValue: parsed.last_value, startValue: parsed.start_value };
  });
  return { tables, rows, sequences, schema: await schemaOf(database) };
}

/**
 * Back to the snapshot's rows and sequence positions, in one transaction, with no trigger firing on the copied rows
 * (they are the snapshot's own, count tables included, so foreign keys and counts are not checked again). Every table
 * is truncated, not deleted from: a truncated table starts on new files, as in a new database, so rows come back in
 * the order they are inserted. (Deleting only the rows of the tables a file wrote to costs a tenth of the CPU, but the
 * next file's rows then fill the freed space out of order, and tests that read "the last" row failed; decision 0705.)
 */
export async function restore(database: Database, snapshot: Snapshot): Promise<void> {
  const setSequences = sql.raw(
    `select ${snapshot.sequences
      .map(
        ({ name, lastValue, startValue }) => `setval(${quoted(name)}::regclass, ${lastValue ?? startValue}::bigint, ${lastValue === null ? 'false' : 'true'})`,
      )
      .join(', ')}`,
  );
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`truncate table ${snapshot.tables.join(', ')} restart identity cascade`));
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const { table, json } of snapshot.rows) {
      await tx.execute(sql`insert into ${sql.raw(table)} select * from json_populate_recordset(null::${sql.raw(table)}, ${json}::json)`);
    }
    if (snapshot.sequences.length > 0) await tx.execute(setSequences);
  });
}
