import { describe, expect, it } from 'vitest';
import {
  activeEffects,
  BACKPACK_CAPACITY,
  checkPickup,
  checkUse,
  compassAnswer,
  compassDegrees,
  eggStrikeEffect,
  ITEM_MESSAGES,
  radarAnswer,
  smokeScreenEffect,
  weaponsUnavailable,
  type Effect,
  type PickupCheck,
  type UseCheck,
} from './items';
import { distanceMetres } from '../geo';

const METRES_PER_DEGREE_LAT = 111_195;
const origin = { lat: 51.5, lng: -0.12 };
const north = (m: number) => ({ lat: origin.lat + m / METRES_PER_DEGREE_LAT, lng: origin.lng });
const east = (m: number) => ({ lat: origin.lat, lng: origin.lng + m / (METRES_PER_DEGREE_LAT * Math.cos((origin.lat * Math.PI) / 180)) });
const now = new Date('2026-05-01T12:00:00Z');
const secondsAgo = (s: number) => new Date(now.getTime() - s * 1000);
const weapons = { plan_type: 'pro', weapons_on: true } as const;

const pickup = (over: Partial<PickupCheck> = {}): PickupCheck => ({
  game: weapons,
  station: { id: 1, kind: 'radar', active: true, ...north(0) },
  teamId: 7,
  position: north(10),
  backpack: [],
  lastPickupAt: null,
  now,
  ...over,
});
const use = (over: Partial<UseCheck> = {}): UseCheck => ({
  game: weapons,
  kind: 'radar',
  teamId: 7,
  backpack: ['radar'],
  lastUsedAt: null,
  targetTeamId: null,
  now,
  ...over,
});
const frozen7: Effect = { kind: 'frozen', team_id: 7, until: new Date(now.getTime() + 30_000) };

describe('weapons on or off', () => {
  it('are on only for a Weapons or Bespoke game with weapons_on', () => {
    expect(weaponsUnavailable({ plan_type: 'pro', weapons_on: true })).toBeNull();
    expect(weaponsUnavailable({ plan_type: 'bespoke', weapons_on: true })).toBeNull();
    expect(weaponsUnavailable({ plan_type: 'pro', weapons_on: false })).toBe(ITEM_MESSAGES.weaponsOff);
    expect(weaponsUnavailable({ plan_type: 'standard', weapons_on: true })).toBe(ITEM_MESSAGES.standardPlan);
  });
  it('disable stations, the Backpack and effects when off', () => {
    const off = { plan_type: 'pro', weapons_on: false } as const;
    expect(checkPickup(pickup({ game: off }))).toEqual({ ok: false, message: ITEM_MESSAGES.weaponsOff });
    expect(checkUse(use({ game: off }))).toEqual({ ok: false, message: ITEM_MESSAGES.weaponsOff });
    expect(activeEffects(off, [frozen7], now)).toEqual([]);
  });
});

describe('picking up at a station', () => {
  it('works within the pickup radius', () => {
    expect(checkPickup(pickup({ position: north(25) }))).toEqual({ ok: true });
  });
  it('refuses from further away, or with no position', () => {
    expect(checkPickup(pickup({ position: north(40) }))).toEqual({ ok: false, message: ITEM_MESSAGES.tooFar });
    expect(checkPickup(pickup({ position: null }))).toEqual({ ok: false, message: ITEM_MESSAGES.noPosition });
  });
  it('refuses a closed station and a full Backpack', () => {
    expect(checkPickup(pickup({ station: { id: 1, kind: 'radar', active: false, ...origin } }))).toMatchObject({ message: ITEM_MESSAGES.stationInactive });
    expect(checkPickup(pickup({ backpack: Array(BACKPACK_CAPACITY).fill('radar') }))).toMatchObject({ message: ITEM_MESSAGES.backpackFull });
    expect(checkPickup(pickup({ backpack: Array(BACKPACK_CAPACITY - 1).fill('radar') }))).toEqual({ ok: true });
  });
  it('lets a team take from the same station again only after 10 minutes', () => {
    expect(checkPickup(pickup({ lastPickupAt: secondsAgo(599) }))).toMatchObject({ message: ITEM_MESSAGES.stationCooldown });
    expect(checkPickup(pickup({ lastPickupAt: secondsAgo(600) }))).toEqual({ ok: true });
  });
});

describe('using an item', () => {
  it('needs the item in the Backpack', () => {
    expect(checkUse(use({ backpack: ['rusty_compass'] }))).toEqual({ ok: false, message: ITEM_MESSAGES.notInBackpack });
    expect(checkUse(use())).toEqual({ ok: true });
  });
  it('honours each kind’s cooldown', () => {
    expect(checkUse(use({ lastUsedAt: secondsAgo(59) }))).toMatchObject({ message: ITEM_MESSAGES.cooldown });
    expect(checkUse(use({ lastUsedAt: secondsAgo(60) }))).toEqual({ ok: true });
    expect(checkUse(use({ kind: 'egg_strike', backpack: ['egg_strike'], targetTeamId: 8, lastUsedAt: secondsAgo(119) }))).toMatchObject({ ok: false });
  });
  it('needs another team as the Egg Strike target', () => {
    const egg = { kind: 'egg_strike', backpack: ['egg_strike'] } as const;
    expect(checkUse(use({ ...egg, targetTeamId: null }))).toMatchObject({ message: ITEM_MESSAGES.targetNeeded });
    expect(checkUse(use({ ...egg, targetTeamId: 7 }))).toMatchObject({ message: ITEM_MESSAGES.targetSelf });
    expect(checkUse(use({ ...egg, targetTeamId: 8 }))).toEqual({ ok: true });
  });
});

describe('Radar', () => {
  it('answers yes within 250 m and no beyond, never the distance', () => {
    expect(radarAnswer(origin, north(240))).toEqual({ within: true, range_m: 250 });
    expect(radarAnswer(origin, north(260))).toEqual({ within: false, range_m: 250 });
    expect(radarAnswer(origin, origin).within).toBe(true);
    expect(distanceMetres(origin, north(250))).toBeCloseTo(250, 0);
  });
});

describe('Rusty Compass', () => {
  it('points the true way when the rust is zero', () => {
    const straight = () => 0.5;
    expect(compassAnswer(origin, north(500), straight)).toBe('N');
    expect(compassAnswer(origin, east(500), straight)).toBe('E');
    expect(compassAnswer(origin, north(-500), straight)).toBe('S');
    expect(compassAnswer(north(500), east(500), straight)).toBe('SE');
  });
  it('is off by at most 30° before snapping to 8 points', () => {
    // Due east (90°): rust ±30° turns it to 60°..120°, which snaps to NE, E or SE only.
    const seen = new Set([0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.9999].map((r) => compassAnswer(origin, east(500), () => r)));
    expect([...seen].every((p) => ['NE', 'E', 'SE'].includes(p))).toBe(true);
    expect(compassAnswer(origin, east(500), () => 0)).toBe('NE');
    expect(compassAnswer(origin, east(500), () => 0.9999)).toBe('SE');
    // North with full rust one way wraps round through 360°.
    expect(compassAnswer(origin, north(500), () => 0)).toBe('NW');
  });
  it('gives each point its degrees', () => {
    expect(compassDegrees('N')).toBe(0);
    expect(compassDegrees('SW')).toBe(225);
  });
});

describe('Egg Strike and Smoke Screen', () => {
  it('freezes the target for 90 seconds', () => {
    const result = eggStrikeEffect(8, [], now);
    expect(result).toEqual({ hit: true, effect: { kind: 'frozen', team_id: 8, until: new Date(now.getTime() + 90_000) } });
  });
  it('misses a shielded team and does not extend a running freeze', () => {
    const shield = smokeScreenEffect(8, now);
    expect(shield.until.getTime() - now.getTime()).toBe(180_000);
    expect(eggStrikeEffect(8, [shield], now)).toEqual({ hit: false, reason: 'shielded' });
    expect(eggStrikeEffect(7, [frozen7], now)).toEqual({ hit: false, reason: 'already_frozen' });
  });
  it('wears off', () => {
    expect(activeEffects(weapons, [frozen7], new Date(now.getTime() + 29_999))).toHaveLength(1);
  });
});
