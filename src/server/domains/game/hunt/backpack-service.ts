import type { Db, Tx } from '../../../platform/db/client';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors';
import { publishGameEvent } from '../game-events';
import type { PlayerAuth } from '../player-auth';
import { lockTeam } from '../team-points';
import { assertTeamMay, effectsOf, weaponsGameOf } from '../team-effects';
import { distanceMetres, type LatLng } from '../../../../shared/geo';
import {
  activeEffects,
  BACKPACK_CAPACITY,
  checkPickup,
  checkUse,
  compassAnswer,
  compassDegrees,
  eggStrikeEffect,
  ITEM_MESSAGES,
  ITEMS,
  PICKUP_RADIUS_M,
  radarAnswer,
  smokeScreenEffect,
  STATION_COOLDOWN_SECONDS,
  weaponsUnavailable,
  type ItemKind,
  type ItemRefusal,
  type WeaponsGame,
} from '../../../../shared/game/items';
import { CHICKEN_MESSAGES } from '../../../../shared/game/chicken';
import { MARKER_MESSAGES } from '../../../../shared/api/markers';
import { useResultSchema, type BackpackItem, type BackpackResponse, type ItemsEventData, type UseResult } from '../../../../shared/api/hunt';
import { gameOf, requireLive } from './chicken-service';
import {
  backpackOf,
  chickenWhereabouts,
  history,
  insertEffect,
  insertItem,
  lastPickups,
  lastUses,
  markUsed,
  otherTeam,
  stationOf,
  stationsOf,
  teamsOf,
  unusedItem,
  type ItemRow,
} from './hunt-repository';

/**
 * The Weapons plan in play (decision 0241): a team's Backpack, the stations near it, picking up and using items.
 * Every rule is shared/game/items.ts; this file only gathers its inputs and stores the outcome. A refusal stores
 * nothing: every check runs before the first write, inside a transaction that holds the team's row.
 */

/** Refusals that are about the state of the game or the team (409), and those about where the player is (422). */
const WHERE_REFUSALS: readonly ItemRefusal[] = [ITEM_MESSAGES.tooFar, ITEM_MESSAGES.noPosition, ITEM_MESSAGES.targetNeeded, ITEM_MESSAGES.targetSelf];
function refuse(message: ItemRefusal): never {
  if (WHERE_REFUSALS.includes(message)) throw new AppError(422, message, { item: [message] }, 'validation_failed');
  throw new ConflictError(message);
}

function teamOf(auth: PlayerAuth): number {
  if (auth.player.role === 'chicken' || auth.player.teamId === null) throw new ForbiddenError(CHICKEN_MESSAGES.noTeam);
  return auth.player.teamId;
}

const positionOf = (auth: PlayerAuth): LatLng | null =>
  auth.player.lastLat !== null && auth.player.lastLng !== null ? { lat: auth.player.lastLat, lng: auth.player.lastLng } : null;

async function weaponsGame(db: Db, auth: PlayerAuth): Promise<WeaponsGame> {
  const ctx = await gameOf(db, auth);
  return weaponsGameOf(ctx.booking.planType, ctx.game.weaponsOn);
}

/** A team that may pick up and use items now: a team's player, in a live game, with weapons on; else refused. */
async function armedTeam(db: Db, auth: PlayerAuth, now: Date): Promise<{ teamId: number; game: WeaponsGame }> {
  const teamId = teamOf(auth);
  requireLive(auth, now);
  const game = await weaponsGame(db, auth);
  const off = weaponsUnavailable(game);
  if (off) refuse(off);
  return { teamId, game };
}

const later = (from: Date | undefined, seconds: number, now: Date) => {
  if (!from) return null;
  const at = new Date(from.getTime() + seconds * 1000);
  return at > now ? at.toISOString() : null;
};

function itemDto(row: ItemRow, lastUsed: Map<string, Date>, now: Date): BackpackItem {
  const kind = row.kind;
  return { id: row.id, kind, picked_at: row.pickedAt.toISOString(), ready_at: later(lastUsed.get(kind), ITEMS[kind].cooldownSeconds, now) };
}

export async function backpack(db: Db, auth: PlayerAuth, now: Date = new Date()): Promise<BackpackResponse> {
  const teamId = teamOf(auth);
  const game = await weaponsGame(db, auth);
  const off = weaponsUnavailable(game);
  const empty = { capacity: BACKPACK_CAPACITY, items: [], stations: [], effects: [], targets: [], history: [] };
  if (off) return { weapons_off: off, ...empty };
  const [items, uses, pickups, stations, effects, teams, past] = await Promise.all([
    backpackOf(db, teamId),
    lastUses(db, teamId),
    lastPickups(db, teamId),
    stationsOf(db, auth.game.id, true),
    effectsOf(db, auth.instance.id, now),
    teamsOf(db, auth.instance.id),
    history(db, teamId),
  ]);
  const here = positionOf(auth);
  return {
    weapons_off: null,
    capacity: BACKPACK_CAPACITY,
    items: items.map((row) => itemDto(row, uses, now)),
    stations: stations
      .map((s) => {
        const distance = here ? Math.round(distanceMetres(here, s)) : null;
        return {
          id: s.id,
          kind: s.kind,
          label: s.label,
          lat: s.lat,
          lng: s.lng,
          distance_m: distance,
          in_reach: distance !== null && distance <= PICKUP_RADIUS_M,
          again_at: later(pickups.get(s.id), STATION_COOLDOWN_SECONDS, now),
        };
      })
      .sort((a, b) => (a.distance_m ?? Number.POSITIVE_INFINITY) - (b.distance_m ?? Number.POSITIVE_INFINITY) || a.id - b.id),
    effects: activeEffects(game, effects, now)
      .filter((e) => e.team_id === teamId)
      .map((e) => ({ kind: e.kind, until: e.until.toISOString() })),
    targets: teams.filter((t) => t.id !== teamId),
    history: past.flatMap((h) => {
      const result = useResultSchema.safeParse(h.result);
      return h.usedAt && result.success ? [{ id: h.id, used_at: h.usedAt.toISOString(), result: result.data }] : [];
    }),
  };
}

function publishItems(tx: Tx, auth: PlayerAuth, data: ItemsEventData) {
  return publishGameEvent(tx, { gameId: auth.game.id, instanceId: auth.instance.id, type: 'items', data, meta: { teamId: data.team_id } });
}

export async function pickUp(db: Db, auth: PlayerAuth, stationId: number, now: Date = new Date()): Promise<{ item: BackpackItem }> {
  const { teamId, game } = await armedTeam(db, auth, now);
  return db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    const station = await stationOf(tx, auth.game.id, stationId);
    if (!station) throw new NotFoundError(MARKER_MESSAGES.stationNotFound);
    await assertTeamMay(tx, { gameId: auth.game.id, instanceId: auth.instance.id, teamId, game }, 'pick_up', now);
    // One after another: a transaction is one connection.
    const items = await backpackOf(tx, teamId);
    const pickups = await lastPickups(tx, teamId);
    const kind = station.kind;
    const verdict = checkPickup({
      game,
      station: { id: station.id, kind, lat: station.lat, lng: station.lng, active: station.active },
      teamId,
      position: positionOf(auth),
      backpack: items.map((i) => i.kind),
      lastPickupAt: pickups.get(station.id) ?? null,
      now,
    });
    if (!verdict.ok) refuse(verdict.message);
    const row = await insertItem(tx, { instanceId: auth.instance.id, teamId, kind, stationId: station.id, pickedBy: auth.player.id, pickedAt: now });
    await publishItems(tx, auth, { team_id: teamId, change: 'picked_up', kind, by_team_name: null, until: null });
    return { item: itemDto(row, await lastUses(tx, teamId), now) };
  });
}

export async function useItem(
  db: Db,
  auth: PlayerAuth,
  body: { item_id: number; target_team_id?: number | undefined },
  now: Date = new Date(),
  random: () => number = Math.random,
): Promise<{ result: UseResult }> {
  const { teamId, game } = await armedTeam(db, auth, now);
  return db.transaction(async (tx) => {
    // Both teams of a strike are held, lower id first, so two strikes at once never deadlock.
    const target = body.target_team_id;
    for (const id of [teamId, ...(target !== undefined && target !== teamId ? [target] : [])].sort((a, b) => a - b)) await lockTeam(tx, id);
    await assertTeamMay(tx, { gameId: auth.game.id, instanceId: auth.instance.id, teamId, game }, 'use_item', now);
    const item = await unusedItem(tx, teamId, body.item_id);
    if (!item) refuse(ITEM_MESSAGES.notInBackpack);
    const kind = item.kind;
    const items = await backpackOf(tx, teamId);
    const uses = await lastUses(tx, teamId);
    const effects = await effectsOf(tx, auth.instance.id, now);
    const verdict = checkUse({
      game,
      kind,
      teamId,
      backpack: items.map((i) => i.kind),
      lastUsedAt: uses.get(kind) ?? null,
      targetTeamId: ITEMS[kind].needsTarget ? (target ?? null) : null,
      now,
    });
    if (!verdict.ok) refuse(verdict.message);
    const result = await outcome(tx, auth, { kind, teamId, target, effects, now, random });
    await markUsed(tx, item.id, { usedAt: now, usedBy: auth.player.id, targetTeamId: result.kind === 'egg_strike' ? result.target_team_id : null, result });
    await publishItems(tx, auth, { team_id: teamId, change: 'used', kind, by_team_name: null, until: result.kind === 'smoke_screen' ? result.until : null });
    return { result };
  });
}

type UseInput = { kind: ItemKind; teamId: number; target: number | undefined; effects: Awaited<ReturnType<typeof effectsOf>>; now: Date; random: () => number };

/** What an item does, once every check passed. A new item kind fails to compile here until it says what it does. */
async function outcome(tx: Tx, auth: PlayerAuth, u: UseInput): Promise<UseResult> {
  switch (u.kind) {
    case 'radar':
    case 'rusty_compass': {
      const here = positionOf(auth);
      if (!here) refuse(ITEM_MESSAGES.noPosition);
      const chicken = await chickenWhereabouts(tx, auth.instance.id);
      if (!chicken) refuse(ITEM_MESSAGES.noChicken);
      if (u.kind === 'radar') {
        const answer = radarAnswer(here, chicken);
        return { kind: 'radar', within: answer.within, range_m: answer.range_m };
      }
      const direction = compassAnswer(here, chicken, u.random);
      return { kind: 'rusty_compass', direction, degrees: compassDegrees(direction) };
    }
    case 'smoke_screen': {
      const effect = smokeScreenEffect(u.teamId, u.now);
      await insertEffect(tx, auth.instance.id, effect, u.teamId);
      return { kind: 'smoke_screen', until: effect.until.toISOString() };
    }
    case 'egg_strike':
      return eggStrike(tx, auth, u);
    default: {
      const unknown: never = u.kind;
      throw new Error(`No outcome for item kind ${String(unknown)}`);
    }
  }
}

async function eggStrike(tx: Tx, auth: PlayerAuth, u: UseInput): Promise<UseResult> {
  const target = u.target === undefined ? undefined : await otherTeam(tx, auth.instance.id, u.target, u.teamId);
  if (!target) refuse(ITEM_MESSAGES.targetNeeded);
  const strike = eggStrikeEffect(target.id, u.effects, u.now);
  const [striker] = (await teamsOf(tx, auth.instance.id)).filter((t) => t.id === u.teamId);
  const byName = striker?.name ?? null;
  if (strike.hit) {
    await insertEffect(tx, auth.instance.id, strike.effect, u.teamId);
    await publishItems(tx, auth, { team_id: target.id, change: 'struck', kind: 'egg_strike', by_team_name: byName, until: strike.effect.until.toISOString() });
    return {
      kind: 'egg_strike',
      hit: true,
      target_team_id: target.id,
      target_team_name: target.name,
      until: strike.effect.until.toISOString(),
      missed_because: null,
    };
  }
  await publishItems(tx, auth, {
    team_id: target.id,
    change: strike.reason === 'shielded' ? 'shielded' : 'missed',
    kind: 'egg_strike',
    by_team_name: byName,
    until: null,
  });
  return { kind: 'egg_strike', hit: false, target_team_id: target.id, target_team_name: target.name, until: null, missed_because: strike.reason };
}
