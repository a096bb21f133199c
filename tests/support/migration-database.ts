import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * An embedded database for a migration's own test: `upTo(prefix)` applies every migration before the one whose file
 * starts with `prefix` (so the test can insert rows as the old schema held them), `apply(prefix)` then runs that one.
 */
export function migrationDatabase(folder = 'drizzle') {
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const db = new PGlite({ extensions: { pg_trgm } });
  const indexOf = (prefix: string) => {
    const index = files.findIndex((f) => f.startsWith(prefix));
    if (index < 1) throw new Error(`no migration after the first starts with ${prefix}`);
    return index;
  };
  const run = async (file: string) => {
    for (const statement of readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement);
  };
  return {
    db,
    async upTo(prefix: string): Promise<void> {
      for (const file of files.slice(0, indexOf(prefix))) await run(file);
    },
    async apply(prefix: string): Promise<void> {
      await run(files[indexOf(prefix)] ?? '');
    },
    close: () => db.close(),
  };
}
