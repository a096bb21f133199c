import { adminMarkersEndpoints as ep } from '../../../shared/api/endpoints/admin-review';
import type { ItemKind } from '../../../shared/game/items';
import { api } from '../../lib/api-client';

/** The markers page's queries: the games list and each game's stations, all under one key a change refreshes. */
export const markersKeys = {
  all: ['admin-markers'] as const,
  games: ['admin-markers', 'games'] as const,
  stations: (gameId: number) => ['admin-markers', 'stations', gameId] as const,
};

export const fetchMarkerGames = () => api(ep.games);
export const fetchStations = (gameId: number) => api(ep.stations, { params: { id: gameId } });
export const placeStation = (gameId: number, body: { kind: ItemKind; label: string; lat: number; lng: number }) =>
  api(ep.create, { params: { id: gameId }, body });
export const deleteStation = (id: number) => api(ep.remove, { params: { id } });
export const setStationActive = (id: number, active: boolean) => api(ep.update, { params: { id }, body: { active } });
export const moveStation = (id: number, at: { lat: number; lng: number }) => api(ep.update, { params: { id }, body: at });
