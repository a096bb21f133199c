import { z } from 'zod';
import { idSchema } from './common';
import { COMPASS_POINTS, EFFECT_KINDS, ITEM_KINDS } from '../game/items';
import { CHICKEN_MESSAGES } from '../game/chicken';
import { gameAreaSchema, positionBody } from './play';

/**
 * The hunt in play (issue 14, decisions 0241, 0280): the Chicken's found-code and hiding spot, a team's find, the
 * shrinking area for staff, and the Weapons plan's Backpack (stations, pick up, use). Player calls carry
 * X-Player-Token like the rest of /api/play.
 */

const id = z.number().int().positive().max(2_147_483_647);
export const spotSchema = z.object({ lat: z.number(), lng: z.number(), at: z.string() });

export const chickenFindSchema = z.object({ team_id: z.number().int(), team_name: z.string(), at: z.string(), chicken_points: z.number().int() });
export type ChickenFind = z.infer<typeof chickenFindSchema>;

/** The Chicken's own screen: never sent to a player. */
export const chickenResponse = z.object({
  found_code: z.string(),
  /** The player app's path with the code in it: the QR carries it, so a team's phone camera opens the claim. */
  found_path: z.string(),
  hiding_spot: spotSchema.nullable(),
  /** Where the organiser or staff planned the Chicken to hide (the booking's hiding spot), and their notes. */
  planned_spot: z.object({ address: z.string(), notes: z.string().nullable() }).nullable(),
  /** Hide inside this: the area never shrinks past it. */
  final_area: gameAreaSchema,
  finds: z.array(chickenFindSchema),
});
export type ChickenResponse = z.infer<typeof chickenResponse>;

/** Hide where the Chicken's phone last was (its last accepted position): no body. */
export const hideBody = z.object({}).strict();
export const hideResponse = z.object({ hiding_spot: spotSchema });

/**
 * The phone's fix at the moment of the claim (decision 0280): judged like every position (on the globe, no faster than
 * the last accepted fix allows) and stored as one; `at` is when the phone took it, so an old cached fix is refused.
 */
export const claimPositionSchema = positionBody.extend({
  at: z.iso.datetime({ offset: true, message: CHICKEN_MESSAGES.noPosition }),
});
export type ClaimPosition = z.infer<typeof claimPositionSchema>;

export const foundBody = z.object({
  code: z.string({ message: CHICKEN_MESSAGES.codeRequired }).trim().min(1, CHICKEN_MESSAGES.codeRequired).max(20, CHICKEN_MESSAGES.wrongCode),
  position: claimPositionSchema,
});
export type FoundBody = z.infer<typeof foundBody>;
export const foundResponse = z.object({ find: chickenFindSchema, order: z.number().int() });

/** `found` stream events: a team found the Chicken (every viewer). */
export const foundEventData = chickenFindSchema;
/** `items` stream events: something changed in a team's Backpack or effects (that team and staff only). */
export const itemsEventData = z.object({
  team_id: z.number().int(),
  change: z.enum(['picked_up', 'used', 'struck', 'missed', 'shielded']),
  kind: z.enum(ITEM_KINDS),
  by_team_name: z.string().nullable(),
  until: z.string().nullable(),
});
export type ItemsEventData = z.infer<typeof itemsEventData>;

export const backpackItemSchema = z.object({ id: z.number().int(), kind: z.enum(ITEM_KINDS), picked_at: z.string(), ready_at: z.string().nullable() });
export type BackpackItem = z.infer<typeof backpackItemSchema>;

export const playerStationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ITEM_KINDS),
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** From the caller's last position; null when it has none. */
  distance_m: z.number().int().nullable(),
  in_reach: z.boolean(),
  /** When this team may take from it again; null: now. */
  again_at: z.string().nullable(),
});
export type PlayerStation = z.infer<typeof playerStationSchema>;

export const effectSchema = z.object({ kind: z.enum(EFFECT_KINDS), until: z.string() });

export const useResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('radar'), within: z.boolean(), range_m: z.number().int() }),
  z.object({ kind: z.literal('rusty_compass'), direction: z.enum(COMPASS_POINTS), degrees: z.number().int() }),
  z.object({
    kind: z.literal('egg_strike'),
    hit: z.boolean(),
    target_team_id: z.number().int(),
    target_team_name: z.string(),
    until: z.string().nullable(),
    missed_because: z.enum(['shielded', 'already_frozen']).nullable(),
  }),
  z.object({ kind: z.literal('smoke_screen'), until: z.string() }),
]);
export type UseResult = z.infer<typeof useResultSchema>;

export const backpackResponse = z.object({
  /** Null when weapons work; else why not (Standard plan, weapons off). */
  weapons_off: z.string().nullable(),
  capacity: z.number().int(),
  items: z.array(backpackItemSchema),
  stations: z.array(playerStationSchema),
  effects: z.array(effectSchema),
  /** Teams an Egg Strike may hit. */
  targets: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The team's latest uses, newest first. */
  history: z.array(z.object({ id: z.number().int(), used_at: z.string(), result: useResultSchema })),
});
export type BackpackResponse = z.infer<typeof backpackResponse>;

export const pickupBody = z.object({ station_id: id });
export const pickupResponse = z.object({ item: backpackItemSchema });
export const useBody = z.object({ item_id: id, target_team_id: id.optional() });
export const useResponse = z.object({ result: useResultSchema });

/** The hunt on the host's and staff's map: the area as it shrinks, the stations, the Chicken's spot and finds. */
export const huntConsoleResponse = z.object({
  booked_area: gameAreaSchema,
  latest_area: gameAreaSchema,
  final_area: gameAreaSchema,
  next_shrink_at: z.string().nullable(),
  weapons_off: z.string().nullable(),
  stations: z.array(z.object({ id: z.number().int(), kind: z.enum(ITEM_KINDS), label: z.string(), lat: z.number(), lng: z.number(), active: z.boolean() })),
  hiding_spot: spotSchema.nullable(),
  finds: z.array(chickenFindSchema),
});
export type HuntConsoleResponse = z.infer<typeof huntConsoleResponse>;

/** The host closes, opens or removes one of the game's item stations (decision 0335); staff do more on /admin/markers. */
export const hostStationParams = z.object({ code: z.string().trim().min(1).max(64), id: idSchema });
export const hostStationBody = z.object({ active: z.boolean() }).strict();
