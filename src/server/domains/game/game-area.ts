import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { gameBooking } from '../booking';
import { gameBookingOn } from './booking-join';
import { gameInstances, games } from './tables/games';
import { publishState } from './game-lifecycle';
import { areaAt } from '../../../shared/game/area';
import { scriptedRadiusCap } from './script/script-repository';

/**
 * The shrinking game area (decision 0280): every process's game ticker moves each live instance's `latest_area` to
 * what the shared schedule says for now, and publishes a `state` event when it changed. The UPDATE only applies
 * where the stored area still differs, so when several processes tick at once exactly one publishes each step.
 */
export async function shrinkDueAreas(db: Db, now: Date = new Date()): Promise<number> {
  const live = await db
    .select({
      id: gameInstances.id,
      gameId: gameInstances.gameId,
      startTime: gameInstances.startTime,
      endsAt: gameInstances.endsAt,
      latestArea: gameInstances.latestArea,
      lat: gameBooking.lat,
      lng: gameBooking.lng,
      radius: gameBooking.radius,
    })
    .from(gameInstances)
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .innerJoin(gameBooking, gameBookingOn)
    .where(and(eq(gameInstances.status, 'live'), isNotNull(gameInstances.endsAt)));
  let moved = 0;
  for (const row of live) {
    if (!row.endsAt) continue;
    // The area shrinks around where it stands (the booked centre unless staff moved it), from the booked radius.
    const centre = row.latestArea ?? { lat: row.lat, lng: row.lng };
    const scheduled = areaAt({ lat: centre.lat, lng: centre.lng, radius: row.radius }, row.startTime, row.endsAt, now);
    // A shrink the game script made holds: the schedule never grows the area back past it (decision 0585).
    const cap = await scriptedRadiusCap(db, row.gameId);
    const area = cap === null ? scheduled : { ...scheduled, radius: Math.min(scheduled.radius, cap) };
    if (row.latestArea && row.latestArea.radius === area.radius && row.latestArea.lat === area.lat && row.latestArea.lng === area.lng) continue;
    const changed = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(gameInstances)
        .set({ latestArea: area })
        .where(
          and(eq(gameInstances.id, row.id), eq(gameInstances.status, 'live'), sql`${gameInstances.latestArea} is distinct from ${JSON.stringify(area)}::jsonb`),
        )
        .returning({ id: gameInstances.id });
      if (updated) await publishState(tx, row.gameId, row.id);
      return Boolean(updated);
    });
    if (changed) moved += 1;
  }
  return moved;
}
