import { or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { holds, scrubJson, type ScrubPattern } from '../../platform/db/scrub';
import { activityLog } from './tables/activity-log';

export type ActivityEntry = {
  actorId: number | null;
  /** e.g. 'booking.lead_status', 'user.roles', 'challenge.create'. */
  action: string;
  entityType:
    | 'booking'
    | 'user'
    | 'challenge'
    | 'game'
    | 'payment'
    | 'price'
    | 'mail'
    | 'proposal'
    | 'submission'
    | 'team'
    | 'item_station'
    | 'setting'
    | 'gift_voucher'
    | 'invoice'
    | 'person'
    | 'api_key'
    | 'webhook';
  entityId?: string | number | null;
  bookingId?: number | null;
  subjectUserId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Call inside the transaction that makes the change, so the log and the change stand or fall together. */
export async function recordActivity(tx: DbOrTx, entry: ActivityEntry): Promise<void> {
  await tx.insert(activityLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    bookingId: entry.bookingId ?? null,
    subjectUserId: entry.subjectUserId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * An erasure (decision 0570): the person's strings replaced in the before and after of every entry that holds them
 * (staff changes to their bookings copy their email and name there). Answers how many entries changed.
 */
export async function scrubActivity(tx: DbOrTx, pattern: NonNullable<ScrubPattern>): Promise<number> {
  const rows = await tx
    .update(activityLog)
    .set({ before: scrubJson(activityLog.before, pattern), after: scrubJson(activityLog.after, pattern) })
    .where(or(holds(activityLog.before, pattern, true), holds(activityLog.after, pattern, true)))
    .returning({ id: activityLog.id });
  return rows.length;
}
