import { createReadStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { Database } from '../db/client';
import { migrationsFolder } from '../db/migrate';
import { BackupError } from './backup-error';
import type { AppliedMigration, BackupManifest, SequenceValue, TableDump } from './backup-manifest';
import { ident, inSession, type DbSession } from './db-session';

export type Progress = (line: string) => void;

/** Every base table of the public schema with the columns that hold data (generated ones are computed again). */
async function tablesOf(session: DbSession): Promise<Map<string, string[]>> {
  const rows = await session.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  return tables;
}

const journalSchema = z.object({ entries: z.array(z.object({ when: z.number(), tag: z.string() }).loose()) }).loose();
type Journal = z.infer<typeof journalSchema>;

async function readJournal(folder: string): Promise<Journal> {
  return journalSchema.parse(JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')));
}

async function appliedMigrations(session: DbSession): Promise<AppliedMigration[]> {
  const [found] = await session.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!found?.present) throw new BackupError('The database has no migrations applied: start hatch on it once, or check DATABASE_URL / DATA_DIR.');
  const rows = await session.query<{ hash: string; created_at: string | number }>(
    'select hash, created_at from drizzle.__drizzle_migrations order by created_at',
  );
  const journal = await readJournal(migrationsFolder());
  return rows.map((row) => {
    const createdAt = Number(row.created_at);
    return { tag: journal.entries.find((e) => e.when === createdAt)?.tag ?? 'unknown', created_at: createdAt, hash: row.hash };
  });
}

/** Counts the rows of a COPY text file: one line each (a newline inside a value is written `\n`). */
async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(file)) {
    const bytes: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) lines++;
  }
  return lines;
}

export type DatabaseDump = Pick<BackupManifest, 'migrations' | 'tables' | 'sequences'>;

/** Writes every table under `dir/db/` from one snapshot, with the sequences' values and the applied migrations. */
export async function dumpDatabase(database: Database, dir: string, progress: Progress): Promise<DatabaseDump> {
  await mkdir(path.join(dir, 'db'), { recursive: true });
  return inSession(database, 'snapshot', async (session) => {
    const migrations = await appliedMigrations(session);
    const tables: TableDump[] = [];
    for (const [name, columns] of await tablesOf(session)) {
      const file = `db/${name}.copy`;
      await session.copyOut(`COPY ${ident(name)} (${columns.map(ident).join(', ')})`, path.join(dir, file));
      const rows = await countLines(path.join(dir, file));
      tables.push({ name, columns, rows, file });
      progress(`  ${name}: ${rows} ${rows === 1 ? 'row' : 'rows'}`);
    }
    const sequences = (
      await session.query<{ name: string; last_value: string | number | null }>(
        `select sequencename as name, last_value from pg_sequences where schemaname = 'public' order by 1`,
      )
    ).map((s): SequenceValue => ({ name: s.name, last_value: s.last_value === null ? null : Number(s.last_value) }));
    return { migrations, tables, sequences };
  });
}

/**
 * A migrations folder that stops where the backup's database stood, so its rows go into the tables they came from;
 * the later migrations then run over them as they would on the live database.
 */
async function migrationsUpTo(applied: readonly AppliedMigration[]): Promise<string> {
  const source = migrationsFolder();
  const journal = await readJournal(source);
  applied.forEach((migration, index) => {
    const entry = journal.entries[index];
    if (entry?.when !== migration.created_at) {
      throw new BackupError(
        entry === undefined || !journal.entries.some((e) => e.when === migration.created_at)
          ? `The backup was made by a newer version of hatch (its migration ${migration.tag} is unknown to this one): restore it with that version or a later one.`
          : `The backup's migrations do not match this version's (at ${migration.tag}): restore it with the version that made it (${migration.tag}).`,
      );
    }
  });
  const folder = await mkdtemp(path.join(tmpdir(), 'hatch-restore-migrations-'));
  const entries = journal.entries.slice(0, applied.length);
  await mkdir(path.join(folder, 'meta'));
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) await copyFile(path.join(source, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

/** Parents before children, so each COPY finds the rows its foreign keys point at. */
async function foreignKeyOrder(session: DbSession, tables: readonly string[]): Promise<string[]> {
  const links = await session.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const link of links) if (link.child !== link.parent) parents.get(link.child)?.add(link.parent);
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string) => {
    if (state.get(table) === 'done') return;
    if (state.get(table) === 'visiting') throw new BackupError(`The tables' foreign keys form a cycle through ${table}: this restore cannot order them.`);
    state.set(table, 'visiting');
    for (const parent of parents.get(table) ?? []) visit(parent);
    state.set(table, 'done');
    ordered.push(table);
  };
  [...tables].sort().forEach(visit);
  return ordered;
}

/**
 * Loads a dump into a database that holds no data of its own: migrates it to the backup's point, then in one
 * transaction empties every table (rows a migration seeded), COPYs each table in, sets the sequences and checks the
 * counts; user triggers are off meanwhile (the booking counts come from the backup, not from the triggers again).
 * Then the migrations since the backup run.
 */
export async function loadDatabase(database: Database, dir: string, manifest: BackupManifest, progress: Progress): Promise<void> {
  const folder = await migrationsUpTo(manifest.migrations);
  try {
    progress(`  migrating to the backup's schema (${manifest.migrations.at(-1)?.tag ?? 'none'})`);
    await database.migrate(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  await inSession(database, 'write', async (session) => {
    const target = await tablesOf(session);
    for (const table of manifest.tables) {
      const columns = target.get(table.name);
      if (!columns) throw new BackupError(`The backup's table ${table.name} does not exist in this version's schema.`);
      const missing = table.columns.filter((c) => !columns.includes(c));
      if (missing.length > 0) throw new BackupError(`The backup's table ${table.name} has columns this version lacks: ${missing.join(', ')}.`);
    }
    const names = [...target.keys()];
    for (const name of names) await session.query(`alter table ${ident(name)} disable trigger user`);
    if (names.length > 0) await session.query(`truncate ${names.map(ident).join(', ')} restart identity`);
    const byName = new Map(manifest.tables.map((t) => [t.name, t]));
    for (const name of await foreignKeyOrder(session, names)) {
      const table = byName.get(name);
      if (!table) continue;
      await session.copyIn(`COPY ${ident(name)} (${table.columns.map(ident).join(', ')})`, path.join(dir, table.file));
      const [counted] = await session.query<{ n: string | number }>(`select count(*) as n from ${ident(name)}`);
      if (Number(counted?.n) !== table.rows) throw new BackupError(`Table ${name}: ${String(counted?.n)} rows loaded, the manifest says ${table.rows}.`);
      progress(`  ${name}: ${table.rows} ${table.rows === 1 ? 'row' : 'rows'}`);
    }
    for (const sequence of manifest.sequences) {
      const [exists] = await session.query<{ present: boolean }>(`select to_regclass($1) is not null as present`, [`public.${ident(sequence.name)}`]);
      if (!exists?.present) throw new BackupError(`The backup's sequence ${sequence.name} does not exist in this version's schema.`);
      await session.query('select setval($1::regclass, $2, $3)', [`public.${ident(sequence.name)}`, sequence.last_value ?? 1, sequence.last_value !== null]);
    }
    for (const name of names) await session.query(`alter table ${ident(name)} enable trigger user`);
  });
  progress('  applying the migrations made since the backup');
  await database.migrate();
}
