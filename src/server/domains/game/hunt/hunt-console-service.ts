import type { Db } from '../../../platform/db/client';
import { ForbiddenError, NotFoundError } from '../../../platform/errors';
import { loadGame } from '../game-state';
import { mayRunGame } from '../../identity';
import type { SessionUser } from '../../identity';
import { nextShrinkAt } from '../../../../shared/game/area';
import { isLiveNow } from '../../../../shared/lifecycle/game-states';
import { weaponsUnavailable } from '../../../../shared/game/items';
import { GAME_MESSAGES } from '../../../../shared/game/teams';
import type { HuntConsoleResponse } from '../../../../shared/api/hunt';
import { finalArea } from './chicken-service';
import { findChickenRow, finds, hidingSpotOf, stationsOf } from './hunt-repository';
import { editStation, removeStation } from '../admin-markers/admin-markers-service';
import { findStation } from '../admin-markers/admin-markers-repository';
import { MARKER_MESSAGES, type ItemStation } from '../../../../shared/api/markers';

/** The game's station, for its host or an admin: 404 for a station of another game, as for one that does not exist. */
async function runnableStation(db: Db, user: SessionUser, code: string, stationId: number) {
  const ctx = await loadGame(db, code);
  if (!ctx) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
  if (!mayRunGame(user, ctx.booking.assignedHostId)) throw new ForbiddenError(GAME_MESSAGES.hostOnly);
  const station = await findStation(db, stationId);
  if (!station || station.gameId !== ctx.game.id) throw new NotFoundError(MARKER_MESSAGES.stationNotFound);
}

/** The host closes or opens a station on the day (one in a closed park, one swamped): the same change staff make. */
export async function hostSetStationActive(db: Db, user: SessionUser, code: string, stationId: number, active: boolean): Promise<{ station: ItemStation }> {
  await runnableStation(db, user, code, stationId);
  return editStation(db, user.id, stationId, { active });
}

export async function hostRemoveStation(db: Db, user: SessionUser, code: string, stationId: number): Promise<void> {
  await runnableStation(db, user, code, stationId);
  await removeStation(db, user.id, stationId);
}

/** The hunt as the host and staff see it on their map: the shrinking area, the stations, the hiding spot, the finds. */
export async function huntConsole(db: Db, user: SessionUser, code: string, now: Date = new Date()): Promise<HuntConsoleResponse> {
  const ctx = await loadGame(db, code);
  if (!ctx) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
  if (!mayRunGame(user, ctx.booking.assignedHostId)) throw new ForbiddenError(GAME_MESSAGES.hostOnly);
  const booked = { lat: ctx.booking.lat, lng: ctx.booking.lng, radius: ctx.booking.radius };
  const { instance } = ctx;
  const latest = instance?.latestArea ?? booked;
  const chicken = instance ? await findChickenRow(db, instance.id) : undefined;
  const spot = hidingSpotOf(chicken);
  const plan = ctx.booking.planType === 'pro' || ctx.booking.planType === 'bespoke' ? ctx.booking.planType : 'standard';
  const off = weaponsUnavailable({ plan_type: plan, weapons_on: ctx.game.weaponsOn });
  return {
    booked_area: booked,
    latest_area: latest,
    final_area: finalArea(ctx),
    next_shrink_at:
      isLiveNow(instance, now) && instance?.endsAt
        ? (nextShrinkAt({ ...latest, radius: booked.radius }, instance.startTime, instance.endsAt, now)?.toISOString() ?? null)
        : null,
    weapons_off: off,
    stations:
      plan === 'standard'
        ? []
        : (await stationsOf(db, ctx.game.id, false)).map((s) => ({ id: s.id, kind: s.kind, label: s.label, lat: s.lat, lng: s.lng, active: s.active })),
    hiding_spot: spot ? { lat: spot.lat, lng: spot.lng, at: spot.at.toISOString() } : null,
    finds: instance ? await finds(db, instance.id) : [],
  };
}
