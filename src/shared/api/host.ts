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

/**
 * What the console needs to show Start and Resume as the server decides them (shared/lifecycle/game-states.ts
 * startRefusal, resumeRefusal): the meeting time and zone, whether the booking is paid, and the latest instance's end.
 */
export const consoleLifecycleSchema = z.object({
  meeting_at: z.string().nullable(),
  timezone: z.string(),
  paid: z.boolean(),
  ended_at: z.string().nullable(),
  booked_end_at: z.string().nullable(),
});
export type ConsoleLifecycle = z.infer<typeof consoleLifecycleSchema>;

/** Every team, every player (the Chicken too) with position and trail, the messages and the booking's meeting details. */
export const consoleResponse = z.object({
  game: publicGameSchema,
  teams: z.array(seatedTeamSchema),
  players: z.array(mapPlayerSchema),
  messages: z.array(gameMessageSchema),
  last_event_id: z.string(),
  booking: consoleBookingSchema,
  lifecycle: consoleLifecycleSchema,
});
export type ConsoleResponse = z.infer<typeof consoleResponse>;

export const gameResponse = z.object({ game: publicGameSchema });
