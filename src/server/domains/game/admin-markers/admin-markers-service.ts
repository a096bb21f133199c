import type { Db } from '../../../platform/db/client';
import { recordActivity } from '../../identity';
import { ConflictError, NotFoundError } from '../../../platform/errors';
import { MARKER_MESSAGES, type ItemStation, type MarkerGame } from '../../../../shared/api/markers';
import type { ItemKind } from '../../../../shared/game/items';
import { markStationsEdited } from '../records';
import {
  deleteStation,
  findMarkerGame,
  findStation,
  insertStation,
  listMarkerGames,
  listStations,
  stationCounts,
  updateStation,
  type MarkerGameRow,
  type StationRow,
} from './admin-markers-repository';

function toGame(row: MarkerGameRow, stationsCount: number): MarkerGame {
  return {
    id: row.id,
    code: row.code,
    booking_name: row.bookingName,
    city: row.city,
    date: row.date,
    plan_type: row.planType,
    weapons_on: row.weaponsOn,
    area: { lat: row.lat, lng: row.lng, radius: row.radius },
    stations_count: stationsCount,
    stations_edited: row.stationsEdited,
  };
}

function toStation(row: StationRow): ItemStation {
  return {
    id: row.id,
    game_id: row.gameId,
    kind: row.kind,
    lat: row.lat,
    lng: row.lng,
    label: row.label,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

const snapshot = (s: ItemStation) => ({ kind: s.kind, lat: s.lat, lng: s.lng, label: s.label, active: s.active });

export async function getMarkerGames(db: Db): Promise<{ games: MarkerGame[] }> {
  const rows = await listMarkerGames(db);
  const counts = await stationCounts(
    db,
    rows.map((r) => r.id),
  );
  return { games: rows.map((r) => toGame(r, counts.get(r.id) ?? 0)) };
}

export async function getGameStations(db: Db, gameId: number): Promise<{ game: MarkerGame; stations: ItemStation[] }> {
  const game = await findMarkerGame(db, gameId);
  if (!game) throw new NotFoundError(MARKER_MESSAGES.gameNotFound);
  const stations = (await listStations(db, gameId)).map(toStation);
  return { game: toGame(game, stations.length), stations };
}

/**
 * Stations may be placed while weapons are off (set up before the day); they only work once weapons are on
 * (shared/game/items.ts). Standard games never have any: their plan has no power-ups.
 */
export async function createStation(db: Db, actorId: number, gameId: number, input: { kind: ItemKind; lat: number; lng: number; label: string }) {
  return db.transaction(async (tx) => {
    const game = await findMarkerGame(tx, gameId);
    if (!game) throw new NotFoundError(MARKER_MESSAGES.gameNotFound);
    if (game.planType === 'standard') throw new ConflictError(MARKER_MESSAGES.standardPlan);
    const station = toStation(await insertStation(tx, { gameId, ...input }));
    await markStationsEdited(tx, gameId);
    await recordActivity(tx, {
      actorId,
      action: 'item_station.create',
      entityType: 'item_station',
      entityId: station.id,
      after: { ...snapshot(station), game_code: game.code },
    });
    return { station };
  });
}

export async function editStation(
  db: Db,
  actorId: number,
  id: number,
  input: { kind?: ItemKind | undefined; label?: string | undefined; active?: boolean | undefined; lat?: number | undefined; lng?: number | undefined },
) {
  return db.transaction(async (tx) => {
    const existing = await findStation(tx, id, true);
    if (!existing) throw new NotFoundError(MARKER_MESSAGES.stationNotFound);
    const before = toStation(existing);
    const station = toStation(await updateStation(tx, id, input));
    if (JSON.stringify(snapshot(before)) !== JSON.stringify(snapshot(station))) {
      await markStationsEdited(tx, existing.gameId);
      await recordActivity(tx, {
        actorId,
        action: 'item_station.update',
        entityType: 'item_station',
        entityId: id,
        before: snapshot(before),
        after: snapshot(station),
      });
    }
    return { station };
  });
}

export async function removeStation(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await findStation(tx, id, true);
    if (!existing) throw new NotFoundError(MARKER_MESSAGES.stationNotFound);
    await deleteStation(tx, id);
    await markStationsEdited(tx, existing.gameId);
    await recordActivity(tx, {
      actorId,
      action: 'item_station.delete',
      entityType: 'item_station',
      entityId: id,
      before: snapshot(toStation(existing)),
      after: null,
    });
  });
}
