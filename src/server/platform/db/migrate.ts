import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';

/** The SQL migrations folder, found from the source tree and from the bundled dist/server.js alike. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('SQL migrations folder "drizzle" not found');
}

/** Any number of processes may start at once: this advisory lock makes them migrate one after another. */
export const MIGRATION_LOCK = 727_001;
