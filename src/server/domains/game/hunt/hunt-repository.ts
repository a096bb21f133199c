import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { instanceTeams, players } from '../tables/games';
import { instanceChickens, teamEffects, teamItems } from '../tables/hunt';
import { itemStations } from '../tables/items';
import { FOUND_CODE_LENGTH, foundCodeFrom } from '../../../../shared/game/chicken';
import type { Effect, ItemKind } from '../../../../shared/game/items';
import type { ChickenFind } from '../../../../shared/api/hunt';
import type { LatLng } from '../../../../shared/geo';

export type ChickenRow = typeof instanceChickens.$inferSelect;
export type ItemRow = typeof teamItems.$inferSelect;

/** The instance's Chicken row, made on first need with a fresh found-code; `lock` holds it for the transaction. */
export async function chickenOf(tx: DbOrTx, instanceId: number, lock = false): Promise<ChickenRow> {
  await tx
    .insert(instanceChickens)
    .values({ instanceId, foundCode: foundCodeFrom(randomBytes(FOUND_CODE_LENGTH)) })
    .onConflictDoNothing({ target: instanceChickens.instanceId });
  const query = tx.select().from(instanceChickens).where(eq(instanceChickens.instanceId, instanceId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new Error('chicken row vanished');
  return row;
}

export function hidingSpotOf(row: ChickenRow | undefined): (LatLng & { at: Date }) | null {
  if (!row || row.hidingLat === null || row.hidingLng === null || !row.hiddenAt) return null;
  return { lat: row.hidingLat, lng: row.hidingLng, at: row.hiddenAt };
}

export async function findChickenRow(db: DbOrTx, instanceId: number): Promise<ChickenRow | undefined> {
  const [row] = await db.select().from(instanceChickens).where(eq(instanceChickens.instanceId, instanceId));
  return row;
}

export async function hide(tx: DbOrTx, instanceId: number, spot: LatLng & { at: Date }) {
  await tx.update(instanceChickens).set({ hidingLat: spot.lat, hidingLng: spot.lng, hiddenAt: spot.at }).where(eq(instanceChickens.instanceId, instanceId));
}

/** The Chicken's latest position, if it joined and sent one. */
export async function chickenPosition(db: DbOrTx, instanceId: number): Promise<LatLng | null> {
  const [row] = await db
    .select({ lat: players.lastLat, lng: players.lastLng })
    .from(players)
    .where(and(eq(players.instanceId, instanceId), eq(players.role, 'chicken')))
    .limit(1);
  return row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
}

/** Where the Chicken is for Radar and Rusty Compass: its phone if known, else its hiding spot. */
export async function chickenWhereabouts(db: DbOrTx, instanceId: number): Promise<LatLng | null> {
  return (await chickenPosition(db, instanceId)) ?? hidingSpotOf(await findChickenRow(db, instanceId));
}

export async function finds(db: DbOrTx, instanceId: number): Promise<ChickenFind[]> {
  const rows = await db
    .select({ id: instanceTeams.id, name: instanceTeams.name, at: instanceTeams.foundChickenAt, points: instanceTeams.chickenPoints })
    .from(instanceTeams)
    .where(and(eq(instanceTeams.instanceId, instanceId), isNotNull(instanceTeams.foundChickenAt)))
    .orderBy(asc(instanceTeams.foundChickenAt), asc(instanceTeams.id));
  return rows.flatMap((r) => (r.at ? [{ team_id: r.id, team_name: r.name, at: r.at.toISOString(), chicken_points: r.points }] : []));
}

export async function markFound(tx: DbOrTx, teamId: number, points: number, at: Date) {
  const [row] = await tx
    .update(instanceTeams)
    .set({ chickenPoints: points, foundChickenAt: at })
    .where(and(eq(instanceTeams.id, teamId), isNull(instanceTeams.foundChickenAt)))
    .returning();
  return row;
}

export async function countFinds(tx: DbOrTx, instanceId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(instanceTeams)
    .where(and(eq(instanceTeams.instanceId, instanceId), isNotNull(instanceTeams.foundChickenAt)));
  return row?.n ?? 0;
}

export async function teamsOf(db: DbOrTx, instanceId: number) {
  return db
    .select({ id: instanceTeams.id, name: instanceTeams.name })
    .from(instanceTeams)
    .where(eq(instanceTeams.instanceId, instanceId))
    .orderBy(asc(instanceTeams.id));
}

export async function stationsOf(db: DbOrTx, gameId: number, activeOnly: boolean) {
  return db
    .select()
    .from(itemStations)
    .where(activeOnly ? and(eq(itemStations.gameId, gameId), eq(itemStations.active, true)) : eq(itemStations.gameId, gameId))
    .orderBy(asc(itemStations.id));
}

export async function stationOf(db: DbOrTx, gameId: number, stationId: number) {
  const [row] = await db
    .select()
    .from(itemStations)
    .where(and(eq(itemStations.id, stationId), eq(itemStations.gameId, gameId)));
  return row;
}

/** The team's Backpack: items picked up and not used, oldest first. */
export async function backpackOf(db: DbOrTx, teamId: number): Promise<ItemRow[]> {
  return db
    .select()
    .from(teamItems)
    .where(and(eq(teamItems.teamId, teamId), isNull(teamItems.usedAt)))
    .orderBy(asc(teamItems.id));
}

export async function lastPickups(db: DbOrTx, teamId: number): Promise<Map<number, Date>> {
  const rows = await db
    .select({ stationId: teamItems.stationId, at: sql<Date | string>`max(${teamItems.pickedAt})` })
    .from(teamItems)
    .where(and(eq(teamItems.teamId, teamId), isNotNull(teamItems.stationId)))
    .groupBy(teamItems.stationId);
  return new Map(rows.flatMap((r) => (r.stationId === null ? [] : [[r.stationId, new Date(r.at)] as const])));
}

export async function lastUses(db: DbOrTx, teamId: number): Promise<Map<ItemKind, Date>> {
  const rows = await db
    .select({ kind: teamItems.kind, at: sql<Date | string>`max(${teamItems.usedAt})` })
    .from(teamItems)
    .where(and(eq(teamItems.teamId, teamId), isNotNull(teamItems.usedAt)))
    .groupBy(teamItems.kind);
  return new Map(rows.map((r) => [r.kind, new Date(r.at)] as const));
}

export async function history(db: DbOrTx, teamId: number, limit = 10) {
  return db
    .select({ id: teamItems.id, usedAt: teamItems.usedAt, result: teamItems.result })
    .from(teamItems)
    .where(and(eq(teamItems.teamId, teamId), isNotNull(teamItems.usedAt)))
    .orderBy(desc(teamItems.usedAt), desc(teamItems.id))
    .limit(limit);
}

export async function insertItem(tx: DbOrTx, values: typeof teamItems.$inferInsert): Promise<ItemRow> {
  const [row] = await tx.insert(teamItems).values(values).returning();
  if (!row) throw new Error('item not stored');
  return row;
}

export async function unusedItem(tx: DbOrTx, teamId: number, itemId: number): Promise<ItemRow | undefined> {
  const [row] = await tx
    .select()
    .from(teamItems)
    .where(and(eq(teamItems.id, itemId), eq(teamItems.teamId, teamId), isNull(teamItems.usedAt)));
  return row;
}

export async function markUsed(
  tx: DbOrTx,
  itemId: number,
  values: { usedAt: Date; usedBy: number; targetTeamId: number | null; result: Record<string, unknown> },
) {
  await tx.update(teamItems).set(values).where(eq(teamItems.id, itemId));
}

export async function insertEffect(tx: DbOrTx, instanceId: number, effect: Effect, byTeamId: number) {
  await tx.insert(teamEffects).values({ instanceId, teamId: effect.team_id, kind: effect.kind, until: effect.until, byTeamId });
}

export async function otherTeam(db: DbOrTx, instanceId: number, teamId: number, exceptId: number) {
  const [row] = await db
    .select()
    .from(instanceTeams)
    .where(and(eq(instanceTeams.id, teamId), eq(instanceTeams.instanceId, instanceId), ne(instanceTeams.id, exceptId)));
  return row;
}
