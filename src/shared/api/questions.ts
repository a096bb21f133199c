import { z } from 'zod';
import { QUESTION_ANSWERS, QUESTION_KINDS, QUESTION_RADII_M } from '../game/questions';
import { questionRulesSchema } from './script';

/** One answered question, as the team, the host and the replay see it (decision 0585). */
export const askedQuestionSchema = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  team_name: z.string(),
  kind: z.enum(QUESTION_KINDS),
  radius_m: z.number().int().nullable(),
  landmark: z.string().nullable(),
  answer: z.enum(QUESTION_ANSWERS),
  /** The question and its answer in words. */
  summary: z.string(),
  cost: z.number().int(),
  asked_at: z.string(),
});
export type AskedQuestion = z.infer<typeof askedQuestionSchema>;

/** POST /api/play/{code}/questions → the answer (contract: `answer` first), the question as stored, the next asks. */
export const questionAnswerResponse = z.object({
  answer: z.enum(QUESTION_ANSWERS),
  question: askedQuestionSchema,
  /** The thermometer: how far the asker moved since the team's previous ask point. */
  moved_m: z.number().int().nullable(),
});

export const teamQuestionsResponse = z.object({
  questions: z.array(askedQuestionSchema),
  rules: questionRulesSchema,
  radii_m: z.array(z.number().int()),
  /** Seconds until the team may ask each kind again (0: now). */
  wait_seconds: z.record(z.enum(QUESTION_KINDS), z.number().int()),
  landmarks: z.array(z.object({ kind: z.enum(['station', 'challenge']), id: z.number().int(), name: z.string() })),
});
export type TeamQuestionsResponse = z.infer<typeof teamQuestionsResponse>;
export const hostQuestionsResponse = z.object({ questions: z.array(askedQuestionSchema) });

/** The `question` stream event: the team and staff get the question, the Chicken only `notice`. */
export const questionEventData = z.object({ question: askedQuestionSchema.nullable(), notice: z.string() });

export const RADII: readonly number[] = QUESTION_RADII_M;
