import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { instanceTeams, players } from '../../db/schema/games';
import { GAME_EVENTS_CHANNEL } from '../../lib/game-events';

export { findPlayerByToken, type PlayerAuth } from '../../lib/player-auth';

export async function nameTaken(db: DbOrTx, instanceId: number, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.instanceId, instanceId), sql`lower(${players.name}) = lower(${name})`))
    .limit(1);
  return rows.length > 0;
}

export async function chickenJoined(db: DbOrTx, instanceId: number): Promise<boolean> {
  const rows = await db.select({ id: players.id }).from(players).where(and(eq(players.instanceId, instanceId), eq(players.role, 'chicken'))).limit(1);
  return rows.length > 0;
}

export async function findTeamByName(db: DbOrTx, instanceId: number, name: string) {
  const [row] = await db
    .select()
    .from(instanceTeams)
    .where(and(eq(instanceTeams.instanceId, instanceId), sql`lower(${instanceTeams.name}) = lower(${name})`))
    .limit(1);
  return row;
}

export async function insertTeam(db: DbOrTx, instanceId: number, name: string) {
  const [row] = await db.insert(instanceTeams).values({ instanceId, name }).returning();
  if (!row) throw new Error('team not created');
  return row;
}

export async function insertPlayer(db: DbOrTx, values: typeof players.$inferInsert) {
  const [row] = await db.insert(players).values(values).returning();
  if (!row) throw new Error('player not created');
  return row;
}

export async function updatePlayer(db: DbOrTx, id: number, values: Partial<Pick<typeof players.$inferInsert, 'ready' | 'location' | 'teamId'>>) {
  const [row] = await db.update(players).set(values).where(eq(players.id, id)).returning();
  if (!row) throw new Error('player vanished');
  return row;
}

const executeResult = z.object({ rows: z.array(z.unknown()) });

export type Fix = { playerId: number; instanceId: number; lat: number; lng: number; accuracy: number | null; at: Date; previousAt: Date | null; notification: string };

/**
 * One statement per fix: the player's latest position moves only if it is still the one the fix was judged against
 * (a concurrent fix of the same player loses, no lock held), the fix joins the trail, and the position is NOTIFYed.
 * Answers false when the fix lost that race.
 */
export async function writeFix(db: DbOrTx, fix: Fix): Promise<boolean> {
  const result = await db.execute(sql`
    with moved as (
      update ${players} set last_lat = ${fix.lat}, last_lng = ${fix.lng}, last_at = ${fix.at.toISOString()}::timestamptz
      where id = ${fix.playerId} and last_at is not distinct from ${fix.previousAt?.toISOString() ?? null}::timestamptz
      returning id
    ), trail as (
      insert into player_positions (instance_id, player_id, lat, lng, accuracy, at)
      select ${fix.instanceId}, id, ${fix.lat}, ${fix.lng}, ${fix.accuracy}, ${fix.at.toISOString()}::timestamptz from moved
      returning id
    )
    select pg_notify(${GAME_EVENTS_CHANNEL}, ${fix.notification}) as sent from trail`);
  // Both drivers answer { rows }; the row is there only if the fix was written.
  return executeResult.parse(result).rows.length > 0;
}
