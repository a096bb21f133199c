import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { bookings, teams } from '../tables/bookings';
import { libraryChallenge as challenges } from '../../catalogue/records';
import { bookingGame } from '../../game/records';
import type { SpiceLevel } from '../../../../shared/validation/challenge-rules';

export type BookingRow = typeof bookings.$inferSelect;
/** What the booker's set-up calls need of the game. */
export type BookerGame = { id: number; bookingId: number; activated: boolean };

/** The game of a game code (stored upper-case) with its booking's management key, or undefined. A temp code never matches here. */
export async function findGameByCode(db: DbOrTx, code: string): Promise<{ game: BookerGame; manageKey: string } | undefined> {
  const rows = await db
    .select({ game: { id: bookingGame.id, bookingId: bookingGame.bookingId, activated: bookingGame.activated }, manageKey: bookings.manageKey })
    .from(bookingGame)
    .innerJoin(bookings, eq(bookings.id, bookingGame.bookingId))
    .where(eq(bookingGame.code, code))
    .limit(1);
  return rows[0];
}

export async function listActiveChallenges(db: DbOrTx, spiceLevel?: SpiceLevel) {
  const active = eq(challenges.isActive, true);
  return db
    .select({
      id: challenges.id,
      name: challenges.name,
      description: challenges.description,
      type: challenges.type,
      spice_level: challenges.spiceLevel,
    })
    .from(challenges)
    .where(spiceLevel ? and(active, eq(challenges.spiceLevel, spiceLevel)) : active)
    .orderBy(asc(challenges.name), asc(challenges.id));
}

export async function activeChallengeIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: challenges.id })
    .from(challenges)
    .where(and(inArray(challenges.id, ids), eq(challenges.isActive, true)));
  return new Set(rows.map((r) => r.id));
}

export async function teamIdsOf(tx: DbOrTx, bookingId: number): Promise<Set<number>> {
  const rows = await tx.select({ id: teams.id }).from(teams).where(eq(teams.bookingId, bookingId));
  return new Set(rows.map((r) => r.id));
}

/** Makes the booking's teams exactly `list`: rows with an id are renamed, others added, the rest removed. */
export async function replaceTeams(tx: DbOrTx, bookingId: number, list: { id?: number | undefined; name: string; players: string }[]): Promise<void> {
  const keep = list.flatMap((t) => (t.id === undefined ? [] : [t.id]));
  await tx.delete(teams).where(keep.length ? and(eq(teams.bookingId, bookingId), notInArray(teams.id, keep)) : eq(teams.bookingId, bookingId));
  for (const team of list) {
    if (team.id === undefined) {
      await tx.insert(teams).values({ bookingId, name: team.name, players: team.players });
    } else {
      await tx
        .update(teams)
        .set({ name: team.name, players: team.players })
        .where(and(eq(teams.id, team.id), eq(teams.bookingId, bookingId)));
    }
  }
}
