import { bearingDegrees, distanceMetres, type LatLng } from '../geo';
import type { PlanType } from '../plans';

/**
 * The power-ups of the Weapons plan, each rule written once for the server (which decides) and the player app
 * (which explains). Decision 0241 gives the numbers.
 *
 * Weapons are active only for a game whose plan is not Standard and whose weapons_on flag is set: otherwise there
 * are no stations, no Backpack and no effects ("Weapons off disables stations, Backpack and effects").
 */
export const ITEM_KINDS = ['egg_strike', 'radar', 'rusty_compass', 'smoke_screen'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export type ItemInfo = { name: string; description: string; cooldownSeconds: number; needsTarget: boolean };

export const ITEMS: Readonly<Record<ItemKind, ItemInfo>> = {
  egg_strike: {
    name: 'Egg Strike',
    description: 'Freeze a rival team for 90 seconds: no submissions, pickups, items or Chicken claims.',
    cooldownSeconds: 120,
    needsTarget: true,
  },
  radar: { name: 'Radar', description: 'Tells whether the Chicken is within 250 m of your team.', cooldownSeconds: 60, needsTarget: false },
  rusty_compass: { name: 'Rusty Compass', description: 'Points roughly towards the Chicken - roughly.', cooldownSeconds: 60, needsTarget: false },
  smoke_screen: { name: 'Smoke Screen', description: 'Egg Strikes at your team miss for the next 3 minutes.', cooldownSeconds: 120, needsTarget: false },
};

/** A team must be this close to a station to pick an item up. GPS in a city is often 10–20 m off. */
export const PICKUP_RADIUS_M = 30;
/** A team may take from the same station again only after this long. */
export const STATION_COOLDOWN_SECONDS = 600;
export const BACKPACK_CAPACITY = 3;
export const RADAR_RANGE_M = 250;
/** The compass's needle is off by up to this much either way before it snaps to one of 8 points. */
export const COMPASS_RUST_DEGREES = 30;
export const EGG_STRIKE_SECONDS = 90;
export const SMOKE_SCREEN_SECONDS = 180;

export const ITEM_MESSAGES = {
  weaponsOff: 'Weapons are off for this game',
  standardPlan: 'Power-ups are not part of the Standard plan',
  tooFar: 'Get closer to the item station to pick it up',
  stationInactive: 'This item station is closed',
  stationCooldown: 'Your team took an item here recently. Try again later',
  backpackFull: 'Your Backpack is full',
  notInBackpack: 'Your team does not have this item',
  cooldown: 'This item is recharging. Try again shortly',
  targetNeeded: 'Pick a team to strike',
  targetSelf: 'You cannot strike your own team',
  noPosition: 'Your position is not known yet',
  noChicken: 'The Chicken has not been placed yet',
} as const;
export type ItemRefusal = (typeof ITEM_MESSAGES)[keyof typeof ITEM_MESSAGES];

export type WeaponsGame = { plan_type: PlanType; weapons_on: boolean };

/** Why weapons are unavailable for a game, or null when they are on. */
export function weaponsUnavailable(game: WeaponsGame): ItemRefusal | null {
  if (game.plan_type === 'standard') return ITEM_MESSAGES.standardPlan;
  if (!game.weapons_on) return ITEM_MESSAGES.weaponsOff;
  return null;
}

/** A timed effect on a team: frozen by an Egg Strike, shielded by a Smoke Screen. */
export const EFFECT_KINDS = ['frozen', 'shielded'] as const;
export type EffectKind = (typeof EFFECT_KINDS)[number];
export type Effect = { kind: EffectKind; team_id: number; until: Date };

/** The effects that still hold at `now`; none when weapons are off (effects are disabled with them). */
export function activeEffects(game: WeaponsGame, effects: readonly Effect[], now: Date): Effect[] {
  if (weaponsUnavailable(game)) return [];
  return effects.filter((e) => e.until.getTime() > now.getTime());
}

const holds = (effects: readonly Effect[], kind: Effect['kind'], teamId: number, now: Date) =>
  effects.some((e) => e.kind === kind && e.team_id === teamId && e.until.getTime() > now.getTime());

export type Station = LatLng & { id: number; kind: ItemKind; active: boolean };

/** A frozen team may neither pick up nor use items: that rule is shared/game/team-actions.ts (teamBlock), checked first. */
export type PickupCheck = {
  game: WeaponsGame;
  station: Station;
  teamId: number;
  position: LatLng | null;
  backpack: readonly ItemKind[];
  /** When this team last took an item from this station, if ever. */
  lastPickupAt: Date | null;
  now: Date;
};

export type RuleResult = { ok: true } | { ok: false; message: ItemRefusal };

export function checkPickup(c: PickupCheck): RuleResult {
  const off = weaponsUnavailable(c.game);
  if (off) return { ok: false, message: off };
  if (!c.station.active) return { ok: false, message: ITEM_MESSAGES.stationInactive };
  if (!c.position) return { ok: false, message: ITEM_MESSAGES.noPosition };
  if (distanceMetres(c.position, c.station) > PICKUP_RADIUS_M) return { ok: false, message: ITEM_MESSAGES.tooFar };
  if (c.lastPickupAt && c.now.getTime() - c.lastPickupAt.getTime() < STATION_COOLDOWN_SECONDS * 1000) {
    return { ok: false, message: ITEM_MESSAGES.stationCooldown };
  }
  if (c.backpack.length >= BACKPACK_CAPACITY) return { ok: false, message: ITEM_MESSAGES.backpackFull };
  return { ok: true };
}

export type UseCheck = {
  game: WeaponsGame;
  kind: ItemKind;
  teamId: number;
  backpack: readonly ItemKind[];
  /** When this team last used an item of this kind, if ever. */
  lastUsedAt: Date | null;
  targetTeamId: number | null;
  now: Date;
};

export function checkUse(c: UseCheck): RuleResult {
  const off = weaponsUnavailable(c.game);
  if (off) return { ok: false, message: off };
  if (!c.backpack.includes(c.kind)) return { ok: false, message: ITEM_MESSAGES.notInBackpack };
  if (c.lastUsedAt && c.now.getTime() - c.lastUsedAt.getTime() < ITEMS[c.kind].cooldownSeconds * 1000) {
    return { ok: false, message: ITEM_MESSAGES.cooldown };
  }
  if (ITEMS[c.kind].needsTarget) {
    if (c.targetTeamId === null) return { ok: false, message: ITEM_MESSAGES.targetNeeded };
    if (c.targetTeamId === c.teamId) return { ok: false, message: ITEM_MESSAGES.targetSelf };
  }
  return { ok: true };
}

/** Radar: is the Chicken within RADAR_RANGE_M of the team? Only yes or no, never the distance. */
export function radarAnswer(team: LatLng, chicken: LatLng): { within: boolean; range_m: number } {
  return { within: distanceMetres(team, chicken) <= RADAR_RANGE_M, range_m: RADAR_RANGE_M };
}

export const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/**
 * Rusty Compass: the true bearing to the Chicken, turned by a random error of up to ±COMPASS_RUST_DEGREES, then
 * snapped to the nearest of 8 points. The answer is therefore within 52.5° of the truth. `random` is in [0, 1).
 */
export function compassAnswer(team: LatLng, chicken: LatLng, random: () => number = Math.random): CompassPoint {
  const rust = (random() * 2 - 1) * COMPASS_RUST_DEGREES;
  const bearing = (((bearingDegrees(team, chicken) + rust) % 360) + 360) % 360;
  return COMPASS_POINTS[Math.round(bearing / 45) % 8] ?? 'N';
}

/** The degrees a compass point stands for, for drawing the needle. */
export function compassDegrees(point: CompassPoint): number {
  return COMPASS_POINTS.indexOf(point) * 45;
}

/**
 * Egg Strike on a target team: it freezes the target for EGG_STRIKE_SECONDS, unless a Smoke Screen shields it
 * (then the egg misses and the item is spent all the same). A strike on a team already frozen extends nothing:
 * the freeze runs from the first strike.
 */
export function eggStrikeEffect(
  targetTeamId: number,
  effects: readonly Effect[],
  now: Date,
): { hit: true; effect: Effect } | { hit: false; reason: 'shielded' | 'already_frozen' } {
  if (holds(effects, 'shielded', targetTeamId, now)) return { hit: false, reason: 'shielded' };
  if (holds(effects, 'frozen', targetTeamId, now)) return { hit: false, reason: 'already_frozen' };
  return { hit: true, effect: { kind: 'frozen', team_id: targetTeamId, until: new Date(now.getTime() + EGG_STRIKE_SECONDS * 1000) } };
}

export function smokeScreenEffect(teamId: number, now: Date): Effect {
  return { kind: 'shielded', team_id: teamId, until: new Date(now.getTime() + SMOKE_SCREEN_SECONDS * 1000) };
}
