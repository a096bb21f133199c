import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/client';
import { players } from './tables/games';
import { AppError, ValidationError } from '../../platform/errors';
import { GAME_EVENTS_CHANNEL, notificationText } from './game-events';
import type { PlayerAuth } from './player-auth';
import { judgeFix, type Fix } from '../../../shared/game/positions';
import { GAME_MESSAGES } from '../../../shared/game/teams';

/**
 * A player's position fixes (decision 0225): judged by the shared rule, written in one statement. Shared by the
 * periodic positions call and a Chicken claim, which carries the phone's fix of that moment (decision 0280), so both
 * obey the same plausibility rules.
 */

/** The player's last accepted fix, if any. */
export function lastFixOf(player: PlayerAuth['player']): Fix | null {
  return player.lastLat !== null && player.lastLng !== null && player.lastAt ? { lat: player.lastLat, lng: player.lastLng, at: player.lastAt } : null;
}

/**
 * Judges a new fix (taken at the server's `now`) against the player's last accepted one. Answers 'ok', or
 * 'too_often' (under a second since the last fix: that one still stands); a fix off the globe or too fast for the
 * last one is refused here with the positions call's own messages (422). `field` names the refused input.
 */
export function judgeOrRefuse(next: Fix, last: Fix | null, field: string): 'ok' | 'too_often' {
  const verdict = judgeFix(next, last);
  if (verdict === 'outside_world') throw ValidationError.field(field, GAME_MESSAGES.outsideWorld);
  if (verdict === 'too_fast') throw new AppError(422, GAME_MESSAGES.tooFast, { [field]: [GAME_MESSAGES.tooFast] }, 'too_fast');
  return verdict;
}

const executeResult = z.object({ rows: z.array(z.unknown()) });

/**
 * One statement per fix: the player's latest position moves only if it is still the one the fix was judged against
 * (a concurrent fix of the same player loses, no lock held), the fix joins the trail, and the position is NOTIFYed
 * (on commit, when run inside a transaction). Answers false when the fix lost that race.
 */
export async function storeFix(db: DbOrTx, auth: PlayerAuth, point: { lat: number; lng: number; accuracy?: number | undefined }, now: Date): Promise<boolean> {
  const { player, instance } = auth;
  const role = player.role === 'chicken' ? 'chicken' : 'player';
  const notification = notificationText({
    id: null,
    gameId: auth.game.id,
    type: 'position',
    data: { player_id: player.id, team_id: player.teamId, role, lat: point.lat, lng: point.lng, at: now.toISOString() },
    meta: { playerId: player.id, teamId: player.teamId, role },
  });
  const previousAt = player.lastAt?.toISOString() ?? null;
  const result = await db.execute(sql`
    with moved as (
      update ${players} set last_lat = ${point.lat}, last_lng = ${point.lng}, last_at = ${now.toISOString()}::timestamptz
      where id = ${player.id} and last_at is not distinct from ${previousAt}::timestamptz
      returning id
    ), trail as (
      insert into player_positions (instance_id, player_id, lat, lng, accuracy, at)
      select ${instance.id}, id, ${point.lat}, ${point.lng}, ${point.accuracy ?? null}, ${now.toISOString()}::timestamptz from moved
      returning id
    )
    select pg_notify(${GAME_EVENTS_CHANNEL}, ${notification}) as sent from trail`);
  // Both drivers answer { rows }; the row is there only if the fix was written.
  return executeResult.parse(result).rows.length > 0;
}

/**
 * A fix the phone kept offline and sends after a newer one was accepted (issue 29, decision 0431): it joins the trail
 * at its own time but never moves the player's latest position, so "where is this phone now" (the freshness rule of
 * a Chicken claim or a place-tied answer) only ever reads the newest fix. Nothing is published: the map shows now.
 */
export async function storeOlderFix(db: DbOrTx, auth: PlayerAuth, point: { lat: number; lng: number; accuracy?: number | undefined }, at: Date): Promise<void> {
  await db.execute(sql`
    insert into player_positions (instance_id, player_id, lat, lng, accuracy, at)
    values (${auth.instance.id}, ${auth.player.id}, ${point.lat}, ${point.lng}, ${point.accuracy ?? null}, ${at.toISOString()}::timestamptz)`);
}
