import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client';
import { migrationsFolder } from './migrate';

const journalSchema = z.object({ entries: z.array(z.object({ when: z.number() })) });
// Both drivers answer { rows }; the bigint comes back as text.
const latestApplied = z.object({ rows: z.array(z.object({ latest: z.string() })) });

/** The `when` of each migration in the journal, read once per process (the folder does not change while it runs). */
let journalTimes: number[] | undefined;
function migrationTimes(): number[] {
  journalTimes ??= journalSchema
    .parse(JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')))
    .entries.map((entry) => entry.when);
  return journalTimes;
}

/**
 * How many of the journal's migrations the database has not applied (readiness, /readyz). Drizzle's migrator records
 * each applied one with its journal time in drizzle.__drizzle_migrations and applies those newer than the latest
 * recorded, so the journal entries after that time are the pending ones. Throws when the database does not answer.
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const result = await db.execute(sql`select coalesce(max(created_at), 0)::text as latest from drizzle.__drizzle_migrations`);
  const latest = Number(latestApplied.parse(result).rows[0]?.latest ?? 0);
  return migrationTimes().filter((when) => when > latest).length;
}
