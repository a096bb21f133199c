import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { appSecrets } from './db/tables';
import { randomToken } from './crypto';

/** A secret shared by every server process: the first one to start creates it. */
export async function getOrCreateSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ key, value: randomToken(48) })
    .onConflictDoNothing();
  const rows = await db.select().from(appSecrets).where(eq(appSecrets.key, key)).limit(1);
  const value = rows[0]?.value;
  if (!value) throw new Error(`secret ${key} could not be created`);
  return value;
}
