import { z } from 'zod';
import { hasNoNul, NUL_MESSAGE } from '../validation/text-rules';
import { translationsSchema } from '../i18n/content-schema';

/**
 * The briefing players read before the start and from the info button, and the finish message they read at the end
 * (issue 29, decision 0442). Staff and the organiser may write their own; left empty, the defaults below are shown,
 * with the meeting point and the host's phone filled in where the game has them.
 */
export const BRIEFING_MAX = 4_000;

export const BRIEFING_MESSAGES = {
  tooLong: `At most ${BRIEFING_MAX} characters`,
  noNul: NUL_MESSAGE,
} as const;

export const DEFAULT_BRIEFING = [
  'How it works: find the challenges in the app, do them as a team and send your answers before the time is up.',
  'Stay together as a team, keep to the game area and obey traffic rules: no challenge is worth a risk.',
  'Cross roads only at crossings, do not enter private property and be kind to the people around you.',
  'If anything goes wrong, call your host.',
].join('\n\n');

export function defaultFinishMessage(meetingPoint: string | null): string {
  const where = meetingPoint ? `Meet us back at ${meetingPoint}` : 'Meet us back where the game started';
  return `Time is up, well played! ${where} for the results and the winners.`;
}

/** What players are shown: the game's own text, else the default. */
export function briefingText(own: string | null): string {
  return own && own.trim() !== '' ? own : DEFAULT_BRIEFING;
}
export function finishText(own: string | null, meetingPoint: string | null): string {
  return own && own.trim() !== '' ? own : defaultFinishMessage(meetingPoint);
}

/** An edited text: trimmed, empty means "the default" (stored as null). */
const ownText = z
  .string()
  .trim()
  .max(BRIEFING_MAX, BRIEFING_MESSAGES.tooLong)
  .refine(hasNoNul, BRIEFING_MESSAGES.noNul)
  .nullable()
  .transform((v) => (v ? v : null));

export const briefingBody = z.object({ briefing: ownText, finish_message: ownText });
export type BriefingBody = z.infer<typeof briefingBody>;

/** What of the briefing staff may translate (decision 0630): both texts. */
export const BRIEFING_TRANSLATED_FIELDS = ['briefing', 'finish_message'] as const;
export type BriefingTranslatedField = (typeof BRIEFING_TRANSLATED_FIELDS)[number];

const translatedText = z.string().trim().max(BRIEFING_MAX, BRIEFING_MESSAGES.tooLong).refine(hasNoNul, BRIEFING_MESSAGES.noNul);

/** Staff's save (PUT /api/admin/games/{code}/briefing): both texts and, when given, their translations (absent: kept). */
export const adminBriefingBody = briefingBody.extend({
  translations: translationsSchema({ briefing: translatedText, finish_message: translatedText }).optional(),
});
export type AdminBriefingBody = z.infer<typeof adminBriefingBody>;
