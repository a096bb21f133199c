import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { bookings, contactHistory } from '../tables/bookings';
import { gameInstances, games, instanceTeams, players, submissions } from '../../game/tables/games';
import { users } from '../../identity/tables/users';
import type { ContactType } from '../../../../shared/api/booking';
import { instanceLeaderboards } from '../../game';

export async function bookingExists(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id)).limit(1);
  return rows.length > 0;
}

export async function insertContact(tx: DbOrTx, values: { bookingId: number; type: ContactType; note: string; authorId: number | null }): Promise<void> {
  await tx.insert(contactHistory).values(values);
}

export async function findUser(tx: DbOrTx, id: number) {
  const rows = await tx.select({ id: users.id, name: users.name, email: users.email, isHost: users.isHost }).from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export type GameRow = typeof games.$inferSelect;

export async function lockGameOfBooking(tx: DbOrTx, bookingId: number): Promise<GameRow | undefined> {
  const rows = await tx.select().from(games).where(eq(games.bookingId, bookingId)).for('update');
  return rows[0];
}

export async function findGameOfBooking(tx: DbOrTx, bookingId: number): Promise<GameRow | undefined> {
  const rows = await tx.select().from(games).where(eq(games.bookingId, bookingId)).limit(1);
  return rows[0];
}

export async function updateGame(tx: DbOrTx, gameId: number, values: Partial<typeof games.$inferInsert>): Promise<void> {
  await tx.update(games).set(values).where(eq(games.id, gameId));
}

/** Everything the heartbeat shows of a game's instances, in five queries whatever their number. */
export async function loadHeartbeatRows(tx: DbOrTx, gameId: number) {
  const instances = await tx.select().from(gameInstances).where(eq(gameInstances.gameId, gameId)).orderBy(desc(gameInstances.startTime), desc(gameInstances.id));
  const ids = instances.map((i) => i.id);
  if (!ids.length) return { instances, teams: await instanceLeaderboards(tx, []), players: [], counts: [], latest: [] };
  const [teamRows, playerRows, counts, latest] = await Promise.all([
    instanceLeaderboards(tx, ids),
    tx.select({ id: players.id, instanceId: players.instanceId, name: players.name, ready: players.ready }).from(players).where(inArray(players.instanceId, ids)).orderBy(asc(players.id)),
    tx
      .select({ instanceId: submissions.instanceId, n: sql<number>`count(*)::int` })
      .from(submissions)
      .where(inArray(submissions.instanceId, ids))
      .groupBy(submissions.instanceId),
    tx
      .selectDistinctOn([submissions.instanceId], {
        instanceId: submissions.instanceId,
        teamName: instanceTeams.name,
        submittedAt: submissions.submittedAt,
        status: submissions.status,
        pointsAwarded: submissions.pointsAwarded,
      })
      .from(submissions)
      .innerJoin(instanceTeams, eq(instanceTeams.id, submissions.teamId))
      .where(and(inArray(submissions.instanceId, ids)))
      .orderBy(submissions.instanceId, desc(submissions.submittedAt), desc(submissions.id)),
  ]);
  return { instances, teams: teamRows, players: playerRows, counts, latest };
}
