import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, teams } from '../../db/schema/bookings';
import { gameInstances, games } from '../../db/schema/games';

export type Page = { page: number; perPage: number };
const offset = (p: Page) => (p.page - 1) * p.perPage;
const count = sql<number>`count(*)::int`;

export async function listGames(db: Db, p: Page) {
  const liveCount = db
    .select({ gameId: gameInstances.gameId, n: sql<number>`count(*)::int`.as('n') })
    .from(gameInstances)
    .where(eq(gameInstances.status, 'live'))
    .groupBy(gameInstances.gameId)
    .as('live');
  const [rows, total] = await Promise.all([
    db
      .select({ game: games, booking: bookings, live: liveCount.n })
      .from(games)
      .innerJoin(bookings, eq(bookings.id, games.bookingId))
      .leftJoin(liveCount, eq(liveCount.gameId, games.id))
      .orderBy(desc(games.createdAt), desc(games.id))
      .limit(p.perPage)
      .offset(offset(p)),
    db.select({ n: count }).from(games),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function listTeams(db: Db, p: Page) {
  const [rows, total] = await Promise.all([
    db
      .select({ team: teams, booking: { id: bookings.id, fullName: bookings.fullName, email: bookings.email } })
      .from(teams)
      .innerJoin(bookings, eq(bookings.id, teams.bookingId))
      .orderBy(desc(teams.createdAt), desc(teams.id))
      .limit(p.perPage)
      .offset(offset(p)),
    db.select({ n: count }).from(teams),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
