import { z } from 'zod';
import { CHICKEN_CHOICES } from './booking';
import { EMAIL_PATTERN } from '../validation/booking-rules';
import { SPICE_LEVELS } from '../validation/challenge-rules';
import { hasDuplicateNames } from '../game/teams';
import { isOneLine, ONE_LINE_MESSAGE } from '../validation/text-rules';

/**
 * The booker's game-setup calls by game code (issue 4, docs/decisions/0140-booker-pages.md).
 * Every answer that changes something is `{booking}` (the booker's view of the record).
 */

export { SPICE_LEVELS, type SpiceLevel } from '../validation/challenge-rules';

export const BOOKER_MESSAGES = {
  gameNotFound: 'Game not found',
  challengesLocked: 'Challenges are locked by our team',
  locationsLocked: 'Locations are locked by our team',
  meetingPointOwned: 'The meeting point is managed by our team',
  hidingSpotOwned: 'The hiding spot is managed by our team',
  gameAreaLocked: 'The game area is locked by our team',
  teamsLocked: 'Teams are locked by our team',
  chickenLocked: 'The Chicken is locked by our team',
  hostLocked: 'The host is locked by our team',
  challengeUnavailable: 'Some of these challenges are not available',
  bookingMismatch: 'This booking does not match the game code',
  teamNameRequired: 'Please enter a team name',
  teamNamesUnique: 'Each team needs its own name',
  teamUnknown: 'This team is not part of the game',
  chickenEmailRequired: "Please enter the Chicken's email address",
  chickenEmailInvalid: 'Please enter a valid email address',
  addressRequired: 'Please enter an address',
  // The spec's own failure texts (section 8), shown by the pages.
  saveChallengesFailed: 'Failed to save challenges',
  activateFailed: 'Failed to activate game',
  updateBookingFailed: 'Failed to update booking',
} as const;

export const RADIUS_MIN = 100;
export const RADIUS_MAX = 50_000;
export const MAX_TEAMS = 50;

export const gameCodeParams = z.object({ code: z.string().trim().min(1).max(64) });

export const challengeOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.string(),
  spice_level: z.string(),
});
export type ChallengeOption = z.infer<typeof challengeOptionSchema>;

export const challengeOptionsQuery = z.object({
  spice_level: z.enum(SPICE_LEVELS, { message: 'The spice level must be Mild, Medium or Spicy.' }).optional(),
});
/**
 * The organiser's live view and stream: the Chicken's position only with `chicken=show` (decision 0280: the organiser
 * often plays, so they opt in on their screen, warned that it spoils the hunt).
 */
export const liveQuery = z.object({
  chicken: z.enum(['show'], { message: "The only choice for chicken is 'show'." }).optional(),
});
export type LiveQuery = z.infer<typeof liveQuery>;

export const challengeOptionsResponse = z.object({ challenges: z.array(challengeOptionSchema) });

export const saveChallengesBody = z.object({
  added_challenges: z.array(z.number().int().positive().max(2_147_483_647)).max(200, 'Please choose at most 200 challenges'),
});

export const activateBody = z.object({ booking_id: z.number().int().positive().max(2_147_483_647) });

/** Absent stays undefined (leave alone); empty text becomes null (clear). */
const optionalText = (max: number, oneLine = false) =>
  z
    .string()
    .trim()
    .max(max, `Please use at most ${max} characters`)
    .refine((v) => !oneLine || isOneLine(v), ONE_LINE_MESSAGE)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));
const optionalNote = optionalText(2000);
const optionalAddress = optionalText(300, true);

/**
 * A proposal for one or both spots. A spot whose address key is absent is left alone; an empty
 * address withdraws the booker's proposal.
 */
export const locationsBody = z
  .object({
    meeting_point_address: optionalAddress,
    meeting_point_notes: optionalNote,
    hiding_spot_address: optionalAddress,
    hiding_spot_notes: optionalNote,
  })
  .refine((b) => b.meeting_point_address !== undefined || b.hiding_spot_address !== undefined, {
    message: BOOKER_MESSAGES.addressRequired,
    path: ['meeting_point_address'],
  });
export type LocationsInput = z.input<typeof locationsBody>;

export const gameAreaBody = z.object({
  lat: z.number({ message: 'Please enter a latitude' }).min(-90, 'Latitude is between -90 and 90').max(90, 'Latitude is between -90 and 90'),
  lng: z.number({ message: 'Please enter a longitude' }).min(-180, 'Longitude is between -180 and 180').max(180, 'Longitude is between -180 and 180'),
  radius: z
    .number({ message: 'Please enter a radius' })
    .int('The radius is a whole number of metres')
    .min(RADIUS_MIN, `The radius is at least ${RADIUS_MIN} m`)
    .max(RADIUS_MAX, `The radius is at most ${RADIUS_MAX} m`),
});
export type GameAreaInput = z.infer<typeof gameAreaBody>;

/** Players are typed comma-separated; stored trimmed, without empty names, joined by ', '. */
export function normalizePlayers(text: string): string {
  return text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join(', ');
}

export const teamInput = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  name: z.string().trim().min(1, BOOKER_MESSAGES.teamNameRequired).max(100, 'Please use at most 100 characters').refine(isOneLine, ONE_LINE_MESSAGE),
  players: z.string().max(5000, 'Please use at most 5000 characters').default('').transform(normalizePlayers),
});
export const teamsBody = z.object({
  teams: z
    .array(teamInput)
    .max(MAX_TEAMS, `Please use at most ${MAX_TEAMS} teams`)
    .refine((list) => !hasDuplicateNames(list.map((t) => t.name)), BOOKER_MESSAGES.teamNamesUnique),
});
export type TeamsInput = z.input<typeof teamsBody>;

export const chickenBody = z
  .object({
    assigned_chicken: z.enum(CHICKEN_CHOICES, { message: 'Please choose who the Chicken is' }).nullable(),
    assigned_chicken_email: z
      .string()
      .trim()
      .max(320, BOOKER_MESSAGES.chickenEmailInvalid)
      .refine(isOneLine, BOOKER_MESSAGES.chickenEmailInvalid)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((b, ctx) => {
    const path = ['assigned_chicken_email'];
    if (b.assigned_chicken_email && !EMAIL_PATTERN.test(b.assigned_chicken_email)) {
      ctx.addIssue({ code: 'custom', path, message: BOOKER_MESSAGES.chickenEmailInvalid });
    } else if ((b.assigned_chicken === 'player' || b.assigned_chicken === 'team') && !b.assigned_chicken_email) {
      ctx.addIssue({ code: 'custom', path, message: BOOKER_MESSAGES.chickenEmailRequired });
    }
  });
export type ChickenInput = z.input<typeof chickenBody>;
