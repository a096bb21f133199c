import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { gameBooking } from '../booking';
import { gameBookingOn } from './booking-join';
import { games } from './tables/games';
import { teamEffects } from './tables/hunt';
import { TeamFrozenError } from '../../platform/errors';
import type { Effect, WeaponsGame } from '../../../shared/game/items';
import { teamBlock, type TeamAction } from '../../../shared/game/team-actions';
import type { PlanType } from '../../../shared/plans';

/**
 * The timed effects on a game's teams (an Egg Strike's freeze, a Smoke Screen's shield; decision 0241) and the one
 * server check of "may this team do X now" (shared/game/team-actions.ts, decision 0241), for every module whose
 * action a freeze stops: submissions, pickups, item uses, Chicken claims.
 */

/** Effects on the instance's teams still holding at `now`. */
export async function effectsOf(db: DbOrTx, instanceId: number, now: Date): Promise<Effect[]> {
  const rows = await db
    .select()
    .from(teamEffects)
    .where(and(eq(teamEffects.instanceId, instanceId), gt(teamEffects.until, now)));
  return rows.map((r) => ({ kind: r.kind, team_id: r.teamId, until: r.until }));
}

export function weaponsGameOf(planType: PlanType, weaponsOn: boolean): WeaponsGame {
  return { plan_type: planType, weapons_on: weaponsOn };
}

export async function weaponsGameById(db: DbOrTx, gameId: number): Promise<WeaponsGame> {
  const [row] = await db
    .select({ planType: gameBooking.planType, weaponsOn: games.weaponsOn })
    .from(games)
    .innerJoin(gameBooking, gameBookingOn)
    .where(eq(games.id, gameId))
    .limit(1);
  return weaponsGameOf(row?.planType ?? 'standard', row?.weaponsOn ?? false);
}

/**
 * Refuses (423, nothing changed) when the team may not do `action` now, saying why and for how long. Call it inside
 * the action's transaction after the team's row is locked: an Egg Strike locks its target's row too, so a freeze
 * that is being written is seen here once it commits.
 */
export async function assertTeamMay(
  tx: DbOrTx,
  at: { gameId: number; instanceId: number; teamId: number; game?: WeaponsGame },
  action: TeamAction,
  now: Date,
): Promise<void> {
  const game = at.game ?? (await weaponsGameById(tx, at.gameId));
  const block = teamBlock({ game, teamId: at.teamId, effects: await effectsOf(tx, at.instanceId, now), now }, action);
  if (block) throw new TeamFrozenError(block.message, block.seconds);
}
