import { openDatabase, type Db } from '../../../src/server/db/client';
import { seedReferenceData } from '../../../src/server/db/seed';

/**
 * Writes rows into an embedded data folder before a server starts on it (the running server owns the
 * folder, so browser tests seed it first): migrated, reference data seeded, then the test's own rows.
 */
export async function seedDataDir<T>(dir: string, write: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: dir });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    return await write(database.db);
  } finally {
    await database.close();
  }
}
