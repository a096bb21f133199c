import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { gameBooking } from '../../booking';
import { gameBookingOn } from '../booking-join';
import { games } from '../tables/games';
import { itemStations } from '../tables/items';

export type StationRow = typeof itemStations.$inferSelect;

const gameColumns = {
  id: games.id,
  code: games.code,
  weaponsOn: games.weaponsOn,
  stationsEdited: games.stationsEdited,
  bookingName: gameBooking.fullName,
  city: gameBooking.city,
  date: gameBooking.date,
  planType: gameBooking.planType,
  lat: gameBooking.lat,
  lng: gameBooking.lng,
  radius: gameBooking.radius,
};

function gamesQuery(db: DbOrTx) {
  return db.select(gameColumns).from(games).innerJoin(gameBooking, gameBookingOn);
}
export type MarkerGameRow = NonNullable<Awaited<ReturnType<typeof findMarkerGame>>>;

/** Stations per game, for the given games. */
export async function stationCounts(db: DbOrTx, gameIds: number[]): Promise<Map<number, number>> {
  if (gameIds.length === 0) return new Map();
  const rows = await db
    .select({ gameId: itemStations.gameId, n: count() })
    .from(itemStations)
    .where(inArray(itemStations.gameId, gameIds))
    .groupBy(itemStations.gameId);
  return new Map(rows.map((r) => [r.gameId, r.n]));
}

/** Games by date, the latest first (at most 200): staff place stations before the day. */
export function listMarkerGames(db: DbOrTx, limit = 200) {
  return gamesQuery(db).orderBy(desc(gameBooking.date), desc(games.id)).limit(limit);
}

export async function findMarkerGame(db: DbOrTx, id: number) {
  const [row] = await gamesQuery(db).where(eq(games.id, id)).limit(1);
  return row;
}

export function listStations(db: DbOrTx, gameId: number): Promise<StationRow[]> {
  return db.select().from(itemStations).where(eq(itemStations.gameId, gameId)).orderBy(asc(itemStations.id));
}

export async function findStation(db: DbOrTx, id: number, forUpdate = false): Promise<StationRow | undefined> {
  const query = db.select().from(itemStations).where(eq(itemStations.id, id)).limit(1);
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

export async function insertStation(tx: DbOrTx, values: Pick<typeof itemStations.$inferInsert, 'gameId' | 'kind' | 'lat' | 'lng' | 'label'>) {
  const [row] = await tx.insert(itemStations).values(values).returning();
  if (!row) throw new Error('station not inserted');
  return row;
}

export async function updateStation(tx: DbOrTx, id: number, values: Partial<Pick<StationRow, 'kind' | 'label' | 'active' | 'lat' | 'lng'>>) {
  const [row] = await tx.update(itemStations).set(values).where(eq(itemStations.id, id)).returning();
  if (!row) throw new Error('station not updated');
  return row;
}

export async function deleteStation(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(itemStations).where(eq(itemStations.id, id));
}
