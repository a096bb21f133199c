import { z } from 'zod';
import { translationsResponse } from '../i18n/content-schema';

/** What players read: the briefing and finish message to show, the host to call (decision 0442). */
export const playBriefingResponse = z.object({
  briefing: z.string(),
  finish_message: z.string(),
  host: z.object({ name: z.string(), phone: z.string().nullable() }).nullable(),
  meeting_point: z.string().nullable(),
});
export type PlayBriefing = z.infer<typeof playBriefingResponse>;

/** What staff and the organiser edit: their own texts (null: the default is shown) and the defaults beside them. */
export const briefingEditResponse = z.object({
  briefing: z.string().nullable(),
  finish_message: z.string().nullable(),
  default_briefing: z.string(),
  default_finish_message: z.string(),
  /** Staff's view only: both texts in other languages (decision 0630). */
  translations: translationsResponse({ briefing: z.string(), finish_message: z.string() }).optional(),
});
export type BriefingEdit = z.infer<typeof briefingEditResponse>;
