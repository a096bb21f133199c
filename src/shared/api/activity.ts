import { z } from 'zod';
import { idSchema, paginationSchema } from './common';
import { changeLineSchema } from './booking-timeline';

export const ACTIVITY_PER_PAGE = 20;
export const ACTIVITY_PER_PAGE_MAX = 100;

/** GET /api/admin/activity: newest first; user_id matches the acting user or the user acted on. */
export const activityQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(ACTIVITY_PER_PAGE_MAX).default(ACTIVITY_PER_PAGE),
  booking_id: idSchema.optional(),
  user_id: idSchema.optional(),
});
export type ActivityQuery = z.infer<typeof activityQuery>;

export const activityActorSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const activityEntrySchema = z.object({
  id: z.number().int(),
  actor: activityActorSchema.nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  booking_id: z.number().int().nullable(),
  subject_user_id: z.number().int().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  /** The change in words (src/shared/timeline/describe.ts): what the page shows instead of the raw before/after. */
  summary: z.string(),
  changes: z.array(changeLineSchema),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityResponse = z.object({ entries: z.array(activityEntrySchema), pagination: paginationSchema });
