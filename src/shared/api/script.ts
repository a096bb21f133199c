import { z } from 'zod';
import { idSchema } from './common';
import { GAME_STATUSES, playCodeParams } from './play';
import { MAX_STEPS, SCRIPT_ACTIONS, SCRIPT_ANCHORS, SCRIPT_MESSAGES, scriptStepInput } from '../game/script';
import { MAX_QUESTION_COOLDOWN_SECONDS, MAX_QUESTION_COST } from '../game/questions';

/** A planned step as the booker's set-up page, the host console and staff see it (decision 0585). */
export const scriptStepSchema = z.object({
  id: z.number().int(),
  anchor: z.enum(SCRIPT_ANCHORS),
  offset_minutes: z.number().int(),
  action: z.enum(SCRIPT_ACTIONS),
  text: z.string().nullable(),
  challenge_id: z.number().int().nullable(),
  station_id: z.number().int().nullable(),
  radius_m: z.number().int().nullable(),
  minutes: z.number().int().nullable(),
  planned_by: z.string(),
  /** What it does, in words ('Open a challenge: Human Pyramid'). */
  label: z.string(),
  /** When it runs on the wall clock as things stand (live games only; a pause moves it). */
  due_at: z.string().nullable(),
  ran_at: z.string().nullable(),
  outcome: z.string().nullable(),
});
export type ScriptStep = z.infer<typeof scriptStepSchema>;

export const scriptResponse = z.object({
  game_status: z.enum(GAME_STATUSES),
  steps: z.array(scriptStepSchema),
  /** What a step may name: the game's challenges and its item stations. */
  challenges: z.array(z.object({ id: z.number().int(), name: z.string() })),
  stations: z.array(z.object({ id: z.number().int(), label: z.string(), kind: z.string(), active: z.boolean() })),
});
export type ScriptResponse = z.infer<typeof scriptResponse>;

/** The booker's whole plan, saved before the game (the steps replace the planned ones). */
export const scriptBody = z.object({ steps: z.array(scriptStepInput).max(MAX_STEPS, SCRIPT_MESSAGES.tooMany) });
export const scriptStepResponse = z.object({ step: scriptStepSchema });
export const scriptStepParams = playCodeParams.extend({ id: idSchema });

/** Staff's template: challenge steps name a challenge of the catalogue. */
export const templateStepSchema = scriptStepInput.omit({ station_id: true }).extend({ challenge_name: z.string().nullable() });
export const templateResponse = z.object({ steps: z.array(templateStepSchema), is_default: z.boolean() });
export const templateBody = z.object({ steps: z.array(scriptStepInput.omit({ station_id: true })).max(MAX_STEPS, SCRIPT_MESSAGES.tooMany) });

/** A game's question rules (the default: free, one of each kind per team every 5 minutes). */
export const questionRulesSchema = z.object({
  cost_points: z.number().int().min(0).max(MAX_QUESTION_COST),
  cooldown_seconds: z.number().int().min(0).max(MAX_QUESTION_COOLDOWN_SECONDS),
});
export const questionRulesResponse = z.object({ rules: questionRulesSchema, is_default: z.boolean() });
