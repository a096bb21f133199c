import type { Db, Tx } from '../../../platform/db/client';
import { recordGameOutsideEvent } from '../outside-events';
import { safeEqual } from '../../../platform/crypto';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../platform/errors';
import { publishGameEvent } from '../game-events';
import { publishTeams } from '../game-lifecycle';
import { loadGame, type GameContext } from '../game-state';
import type { PlayerAuth } from '../player-auth';
import { lockTeam } from '../team-points';
import { judgeOrRefuse, lastFixOf, storeFix } from '../position-fixes';
import { assertTeamMay, weaponsGameOf } from '../team-effects';
import { playPath } from '../../../../shared/booking-links';
import { finalRadius } from '../../../../shared/game/area';
import { isLiveNow } from '../../../../shared/lifecycle/game-states';
import { checkFind, CHICKEN_MESSAGES, normalizeFoundCode } from '../../../../shared/game/chicken';
import { isFixFresh, type Fix } from '../../../../shared/game/positions';
import { GAME_MESSAGES } from '../../../../shared/game/teams';
import { chickenPointsFor } from '../../../../shared/scoring/leaderboard';
import { isInsideCircle } from '../../../../shared/geo';
import type { ChickenFind, ChickenResponse, ClaimPosition, FoundBody } from '../../../../shared/api/hunt';
import { chickenOf, chickenPosition, countFinds, finds, hide, hidingSpotOf, markFound } from './hunt-repository';

/**
 * The Chicken (decision 0280): its screen (found-code, hiding spot, who found it), hiding where its phone is, and a
 * team's claim. The hiding spot and the Chicken's position never leave in a player's answer: only the Chicken's own
 * GET and the staff view carry them.
 */

export async function gameOf(db: Db, auth: PlayerAuth): Promise<GameContext> {
  const ctx = await loadGame(db, auth.game.code);
  if (!ctx) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
  return ctx;
}

export function requireLive(auth: PlayerAuth, now: Date): void {
  const { instance } = auth;
  if (!isLiveNow(instance, now)) throw new ConflictError(GAME_MESSAGES.gameNotLive, 'game_not_live');
}

function requireChicken(auth: PlayerAuth): void {
  if (auth.player.role !== 'chicken') throw new ForbiddenError(CHICKEN_MESSAGES.chickenOnly);
}

/** The smallest the area gets, around where it stands: the Chicken hides inside it. */
export function finalArea(ctx: GameContext) {
  const centre = ctx.instance?.latestArea ?? { lat: ctx.booking.lat, lng: ctx.booking.lng };
  return { lat: centre.lat, lng: centre.lng, radius: finalRadius(ctx.booking.radius) };
}

export async function chickenScreen(db: Db, auth: PlayerAuth): Promise<ChickenResponse> {
  requireChicken(auth);
  const ctx = await gameOf(db, auth);
  const row = await chickenOf(db, auth.instance.id);
  const spot = hidingSpotOf(row);
  return {
    found_code: row.foundCode,
    found_path: `${playPath(ctx.game.code)}?found=${row.foundCode}`,
    hiding_spot: spot ? { lat: spot.lat, lng: spot.lng, at: spot.at.toISOString() } : null,
    planned_spot: ctx.booking.hidingSpotAddress ? { address: ctx.booking.hidingSpotAddress, notes: ctx.booking.hidingSpotNotes } : null,
    final_area: finalArea(ctx),
    finds: await finds(db, auth.instance.id),
  };
}

/** Hide where the Chicken's phone last was: only while live, only inside the final area. */
export async function hideChicken(db: Db, auth: PlayerAuth, now: Date = new Date()) {
  requireChicken(auth);
  requireLive(auth, now);
  const { player } = auth;
  if (player.lastLat === null || player.lastLng === null || !player.lastAt) throw ValidationError.field('position', CHICKEN_MESSAGES.noPosition);
  const spot = { lat: player.lastLat, lng: player.lastLng, at: now };
  if (!isInsideCircle(spot, finalArea(await gameOf(db, auth)))) throw ValidationError.field('position', CHICKEN_MESSAGES.hideOutside);
  await db.transaction(async (tx) => {
    await chickenOf(tx, auth.instance.id, true);
    await hide(tx, auth.instance.id, spot);
  });
  return { hiding_spot: { lat: spot.lat, lng: spot.lng, at: spot.at.toISOString() } };
}

/**
 * Where the claiming phone is, from the fix the claim carries (decision 0280): a fix the phone took too long ago is
 * passed on with its own time (checkFind refuses it as out of date); otherwise it is judged like every position
 * (off the globe or too fast: 422) and stored as the player's position. Under a second after the last accepted fix,
 * that fix stands.
 */
async function claimPosition(tx: Tx, auth: PlayerAuth, fix: ClaimPosition, now: Date): Promise<Fix> {
  const takenAt = new Date(Math.min(Date.parse(fix.at), now.getTime()));
  if (!isFixFresh({ at: takenAt }, now)) return { lat: fix.lat, lng: fix.lng, at: takenAt };
  const last = lastFixOf(auth.player);
  const point = { lat: fix.lat, lng: fix.lng, at: now };
  if (judgeOrRefuse(point, last, 'position') === 'too_often' && last) return last;
  // A periodic fix written meanwhile wins the row; this one was judged against the same last fix, so it still counts.
  await storeFix(tx, auth, fix, now);
  return point;
}

/**
 * A team claims the Chicken with the code from its screen and the phone's current fix. Refusals change nothing:
 * twice (409), a frozen team (423, until when), before the Chicken hid or sent a position (409), a wrong code, an
 * implausible, old or far fix (422). The find order settles the points (the first find is worth most): the Chicken's
 * row is locked so two finds at once take turns.
 */
export async function claimFind(db: Db, auth: PlayerAuth, body: FoundBody, now: Date = new Date()): Promise<{ find: ChickenFind; order: number }> {
  if (auth.player.role === 'chicken' || auth.player.teamId === null) throw new ForbiddenError(CHICKEN_MESSAGES.noTeam);
  const teamId = auth.player.teamId;
  requireLive(auth, now);
  const ctx = await gameOf(db, auth);
  return db.transaction(async (tx) => {
    const chicken = await chickenOf(tx, auth.instance.id, true);
    const team = await lockTeam(tx, teamId);
    if (!team) throw new ForbiddenError(CHICKEN_MESSAGES.noTeam);
    if (team.foundChickenAt === null) {
      await assertTeamMay(
        tx,
        { gameId: auth.game.id, instanceId: auth.instance.id, teamId, game: weaponsGameOf(ctx.booking.planType, ctx.game.weaponsOn) },
        'claim_chicken',
        now,
      );
    }
    const position = team.foundChickenAt === null ? await claimPosition(tx, auth, body.position, now) : null;
    const verdict = checkFind({
      alreadyFound: team.foundChickenAt !== null,
      codeMatches: safeEqual(normalizeFoundCode(body.code), chicken.foundCode),
      position,
      chicken: await chickenPosition(tx, auth.instance.id),
      hidingSpot: hidingSpotOf(chicken),
      now,
    });
    if (!verdict.ok) {
      if (verdict.reason === 'already_found' || verdict.reason === 'not_hidden') throw new ConflictError(verdict.message);
      const field = verdict.reason === 'wrong_code' ? 'code' : 'position';
      throw new AppError(422, verdict.message, { [field]: [verdict.message] }, 'validation_failed');
    }
    const order = (await countFinds(tx, auth.instance.id)) + 1;
    const marked = await markFound(tx, teamId, chickenPointsFor(order), now);
    if (!marked) throw new ConflictError(CHICKEN_MESSAGES.alreadyFound);
    const find: ChickenFind = { team_id: marked.id, team_name: marked.name, at: now.toISOString(), chicken_points: marked.chickenPoints };
    await publishGameEvent(tx, { gameId: auth.game.id, instanceId: auth.instance.id, type: 'found', data: find, meta: { teamId } });
    await publishTeams(tx, auth.game.id, auth.instance.id, ctx.booking.players);
    await recordGameOutsideEvent(tx, auth.game, 'chicken.found', { find: { ...find, order } });
    return { find, order };
  });
}
