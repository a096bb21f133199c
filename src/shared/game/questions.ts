import { z } from 'zod';
import { distanceMetres, type LatLng } from '../geo';
import { isFixFresh, type Fix } from './positions';

/**
 * Questions about the Chicken (issue 40, decision 0585): a team asks the game, the server answers from the Chicken's
 * and the asker's fresh fixes (shared/game/positions.ts, the one freshness rule) and never says more than the answer.
 * One rule for the server (which answers) and the phone (which explains).
 */

export const QUESTION_KINDS = ['radius', 'thermometer', 'landmark'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Readonly<Record<QuestionKind, string>> = {
  radius: 'radius',
  thermometer: 'thermometer',
  landmark: 'landmark',
};

/** The radii a team may ask about, in metres. */
export const QUESTION_RADII_M = [100, 250, 500, 1000, 2000] as const;
/** A thermometer answer needs the asker this far from where the team last asked. */
export const THERMOMETER_MIN_MOVE_M = 200;

/** By default a question costs nothing and each team may ask one of each kind every 5 minutes (the contract). */
export const DEFAULT_QUESTION_RULES = { cost_points: 0, cooldown_seconds: 300 } as const;
export const MAX_QUESTION_COST = 1000;
export const MAX_QUESTION_COOLDOWN_SECONDS = 3600;
export type QuestionRules = { cost_points: number; cooldown_seconds: number };

export const QUESTION_ANSWERS = ['yes', 'no', 'warmer', 'colder', 'nearer', 'farther'] as const;
export type QuestionAnswer = (typeof QUESTION_ANSWERS)[number];

export const QUESTION_REFUSALS = ['no_team', 'not_live', 'asker_no_fix', 'chicken_no_fix', 'no_previous_ask', 'not_moved', 'no_points'] as const;
export type QuestionRefusal = (typeof QUESTION_REFUSALS)[number];

export const QUESTION_MESSAGES = {
  no_team: 'Join a team to ask questions',
  not_live: 'Questions can be asked while the game is live',
  asker_no_fix: 'Your position is not known right now. Allow location, wait for a fresh fix and ask again: nothing was charged',
  chicken_no_fix: 'The Chicken’s position is not known right now. Ask again in a moment: nothing was charged',
  no_previous_ask: 'The thermometer compares with where your team last asked: ask a radius or landmark question first. Nothing was charged',
  not_moved: `Move at least ${THERMOMETER_MIN_MOVE_M} m from where your team last asked, then ask again: nothing was charged`,
  no_points: 'Your team does not have enough points for this question',
  cooldown: 'Your team asked this kind of question recently. Try again later',
  radiusList: `Pick a radius from the list: ${QUESTION_RADII_M.join(', ')} m`,
  landmarkRequired: 'Pick an item station or a challenge place',
  landmarkUnknown: 'This place is not a landmark of this game',
  chickenAsks: 'The Chicken does not ask questions',
  costReason: 'Question about the Chicken',
} as const;

/** Questions asked in the body of POST /api/play/{code}/questions. */
export const questionBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('radius'),
    radius_m: z.number().refine((r) => QUESTION_RADII_M.some((x) => x === r), QUESTION_MESSAGES.radiusList),
  }),
  z.object({ kind: z.literal('thermometer') }),
  z
    .object({ kind: z.literal('landmark'), station_id: z.number().int().positive().optional(), challenge_id: z.number().int().positive().optional() })
    .refine((b) => (b.station_id === undefined) !== (b.challenge_id === undefined), { message: QUESTION_MESSAGES.landmarkRequired, path: ['station_id'] }),
]);
export type QuestionBody = z.infer<typeof questionBody>;

/** "Red Foxes asked a radius question": what the Chicken is told (never the answer). */
export const chickenNotice = (teamName: string, kind: QuestionKind): string => `${teamName} asked a ${QUESTION_KIND_LABELS[kind]} question`;

/** What a question answers: `reference` is the previous ask point (thermometer) or the landmark (landmark). */
export type QuestionFacts = {
  kind: QuestionKind;
  asker: Fix | null;
  chicken: Fix | null;
  now: Date;
  radiusM?: number;
  reference?: LatLng | null;
};

export type QuestionOutcome = { ok: true; answer: QuestionAnswer; moved_m?: number } | { ok: false; reason: QuestionRefusal };

/**
 * The answer, or why it cannot be given (then nothing is charged). On the radius counts as within; a tie is
 * neither warmer nor nearer (it is told as colder, farther: only a strict gain counts).
 */
export function answerQuestion(f: QuestionFacts): QuestionOutcome {
  if (!f.asker || !isFixFresh(f.asker, f.now)) return { ok: false, reason: 'asker_no_fix' };
  if (!f.chicken || !isFixFresh(f.chicken, f.now)) return { ok: false, reason: 'chicken_no_fix' };
  const toChicken = distanceMetres(f.asker, f.chicken);
  switch (f.kind) {
    case 'radius':
      // Whole metres: a Chicken standing on the circle is within it, whatever the floating point says.
      return { ok: true, answer: Math.round(toChicken) <= (f.radiusM ?? 0) ? 'yes' : 'no' };
    case 'thermometer': {
      if (!f.reference) return { ok: false, reason: 'no_previous_ask' };
      const moved = distanceMetres(f.reference, f.asker);
      if (moved < THERMOMETER_MIN_MOVE_M) return { ok: false, reason: 'not_moved' };
      const before = distanceMetres(f.reference, f.chicken);
      return { ok: true, answer: toChicken < before ? 'warmer' : 'colder', moved_m: Math.round(moved) };
    }
    case 'landmark': {
      if (!f.reference) return { ok: false, reason: 'asker_no_fix' };
      return { ok: true, answer: distanceMetres(f.chicken, f.reference) < distanceMetres(f.asker, f.reference) ? 'nearer' : 'farther' };
    }
  }
}

/** Seconds until a team may ask this kind again (0: now), from when it last asked that kind. */
export function cooldownLeftSeconds(lastAskedAt: Date | null, rules: QuestionRules, now: Date): number {
  if (!lastAskedAt || rules.cooldown_seconds <= 0) return 0;
  const left = lastAskedAt.getTime() + rules.cooldown_seconds * 1000 - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** How a question reads on the team's list, the host's console and the replay. */
export function questionSummary(q: { kind: QuestionKind; radius_m: number | null; landmark: string | null; answer: QuestionAnswer }): string {
  const yes = { yes: 'Yes', no: 'No', warmer: 'Warmer', colder: 'Colder', nearer: 'Nearer', farther: 'Farther' }[q.answer];
  if (q.kind === 'radius') return `Is the Chicken within ${q.radius_m ?? 0} m of us? ${yes}`;
  if (q.kind === 'thermometer') return `Are we warmer or colder than where we last asked? ${yes}`;
  // Whole sentences, as the messages catalogue holds them: the recap shows them translated.
  return q.landmark !== null ? `Is the Chicken nearer to ${q.landmark} than we are? ${yes}` : `Is the Chicken nearer to the landmark than we are? ${yes}`;
}
