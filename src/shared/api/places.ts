import { z } from 'zod';
import { teamSubmissionSchema } from './play-challenges';

/** POST /api/play/{code}/check-in: a team's tap on "Check in" at a check-in challenge's place (decision 0440). */
export const checkInBody = z.object({ challenge_id: z.number().int().positive() });
/** The team's check-in (status approved, its points), or the one it already had. */
export const checkInResponse = z.object({ submission: teamSubmissionSchema, already: z.boolean() });
export type CheckInResponse = z.infer<typeof checkInResponse>;
