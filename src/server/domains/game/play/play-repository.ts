import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { gameInstances, instanceTeams, players } from '../tables/games';
import { nameKey } from '../../../../shared/game/teams';

// Shared with the hunt module: domains/game/player-auth.ts.
export { findPlayerByToken, type PlayerAuth } from '../player-auth';

export async function nameTaken(db: DbOrTx, instanceId: number, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.instanceId, instanceId), sql`lower(${players.name}) = lower(${name})`))
    .limit(1);
  return rows.length > 0;
}

export async function chickenJoined(db: DbOrTx, instanceId: number): Promise<boolean> {
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.instanceId, instanceId), eq(players.role, 'chicken')))
    .limit(1);
  return rows.length > 0;
}

export async function findTeamByName(db: DbOrTx, instanceId: number, name: string) {
  const [row] = await db
    .select()
    .from(instanceTeams)
    .where(and(eq(instanceTeams.instanceId, instanceId), eq(instanceTeams.nameKey, nameKey(name))))
    .limit(1);
  return row;
}

export async function insertTeam(db: DbOrTx, instanceId: number, name: string) {
  const [row] = await db
    .insert(instanceTeams)
    .values({ instanceId, name, nameKey: nameKey(name) })
    .returning();
  if (!row) throw new Error('team not created');
  return row;
}

export async function insertPlayer(db: DbOrTx, values: typeof players.$inferInsert) {
  const [row] = await db.insert(players).values(values).returning();
  if (!row) throw new Error('player not created');
  return row;
}

export async function updatePlayer(db: DbOrTx, id: number, values: Partial<Pick<typeof players.$inferInsert, 'ready' | 'location' | 'teamId' | 'language'>>) {
  const [row] = await db.update(players).set(values).where(eq(players.id, id)).returning();
  if (!row) throw new Error('player vanished');
  return row;
}

/** When an instance was played: what a fix or an answer made offline is judged against (shared/game/made-at.ts). */
export async function instancePlayTimes(db: DbOrTx, instanceId: number) {
  const [row] = await db
    .select({ status: gameInstances.status, startTime: gameInstances.startTime, endsAt: gameInstances.endsAt, endTime: gameInstances.endTime })
    .from(gameInstances)
    .where(eq(gameInstances.id, instanceId))
    .limit(1);
  return row;
}
