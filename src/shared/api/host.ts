import { z } from 'zod';
import { GAME_STATUSES, gameMessageSchema, mapPlayerSchema, publicGameSchema, seatedTeamSchema } from './play';

/**
 * The host console (docs/decisions/0223-host-rights.md): an admin runs any game, a host only the games assigned to
 * them. A host sees the game, its players and teams, the Chicken and the booking's meeting details; never prices,
 * payments, notes or the booker's email.
 */

export const hostGameRowSchema = z.object({
  code: z.string(),
  booking_name: z.string().nullable(),
  date: z.string(),
  city: z.string(),
  status: z.enum(GAME_STATUSES),
  players_count: z.number().int(),
  teams_count: z.number().int(),
});
export type HostGameRow = z.infer<typeof hostGameRowSchema>;
export const hostGamesResponse = z.object({ games: z.array(hostGameRowSchema) });

export const consoleBookingSchema = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
  meeting_point: z.string().nullable(),
  players: z.number().int(),
  duration: z.number().int(),
  starts_at: z.string().nullable(),
});

/** Every team, every player (the Chicken too) with position and trail, the messages and the booking's meeting details. */
export const consoleResponse = z.object({
  game: publicGameSchema,
  teams: z.array(seatedTeamSchema),
  players: z.array(mapPlayerSchema),
  messages: z.array(gameMessageSchema),
  last_event_id: z.string(),
  booking: consoleBookingSchema,
});
export type ConsoleResponse = z.infer<typeof consoleResponse>;

export const gameResponse = z.object({ game: publicGameSchema });
