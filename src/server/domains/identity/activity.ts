import type { DbOrTx } from '../../platform/db/client';
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
    | 'person';
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
