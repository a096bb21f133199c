import { z } from 'zod';
import { PLAN_TYPES } from '../plans';
import { ITEM_KINDS } from '../game/items';

/** /admin/markers: item stations on a Weapons game's map (decision 0241). */
export const MARKER_MESSAGES = {
  gameNotFound: 'Game not found',
  stationNotFound: 'Item station not found',
  standardPlan: 'Power-ups are not part of the Standard plan',
  labelLength: 'The label is at most 60 characters',
  moveBoth: 'Give both the latitude and the longitude to move a station',
} as const;

export const markerGameSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  booking_name: z.string().nullable(),
  city: z.string(),
  date: z.string(),
  plan_type: z.enum(PLAN_TYPES),
  weapons_on: z.boolean(),
  area: z.object({ lat: z.number(), lng: z.number(), radius: z.number() }),
  stations_count: z.number().int(),
  /** False while the game has the default stations (decision 0335): they follow the game area until someone edits one. */
  stations_edited: z.boolean(),
});
export type MarkerGame = z.infer<typeof markerGameSchema>;
export const markerGamesResponse = z.object({ games: z.array(markerGameSchema) });

export const stationSchema = z.object({
  id: z.number().int(),
  game_id: z.number().int(),
  kind: z.enum(ITEM_KINDS),
  lat: z.number(),
  lng: z.number(),
  label: z.string(),
  active: z.boolean(),
  created_at: z.string(),
});
export type ItemStation = z.infer<typeof stationSchema>;

export const gameStationsResponse = z.object({ game: markerGameSchema, stations: z.array(stationSchema) });
export const stationResponse = z.object({ station: stationSchema });

const label = z.string().trim().max(60, MARKER_MESSAGES.labelLength);
export const createStationBody = z.object({
  kind: z.enum(ITEM_KINDS),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  label: label.default(''),
});
export type CreateStationInput = z.input<typeof createStationBody>;

export const updateStationBody = z
  .object({
    kind: z.enum(ITEM_KINDS).optional(),
    label: label.optional(),
    active: z.boolean().optional(),
    /** Moving a station: both or neither. */
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
  })
  .strict()
  .refine((b) => (b.lat === undefined) === (b.lng === undefined), { message: MARKER_MESSAGES.moveBoth, path: ['lat'] });

export const stationDeletedResponse = z.null();
