import type { Db } from '../../../platform/db/client';
import type { ActivityEntry, ActivityQuery } from '../../../../shared/api/activity';
import type { Pagination } from '../../../../shared/api/common';
import { DEFAULT_CURRENCY } from '../../../../shared/plans';
import { DEFAULT_ADMIN_TIMEZONE } from '../../../../shared/time';
import { describeStaffAction } from '../../../../shared/timeline/describe';
import { referencedUserIds } from '../../../../shared/timeline/field-values';
import { countActivity, listActivity, userNames } from './admin-activity-repository';

export async function getActivity(db: Db, query: ActivityQuery): Promise<{ entries: ActivityEntry[]; pagination: Pagination }> {
  const filter = { bookingId: query.booking_id, userId: query.user_id };
  const total = await countActivity(db, filter);
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
  const rows = await listActivity(db, filter, query.per_page, (query.page - 1) * query.per_page);
  const names = await userNames(db, referencedUserIds(rows.flatMap((r) => [r.before, r.after])));
  return {
    entries: rows.map((r) => {
      // Amounts and times read in the booking's own currency and zone; other entries in the defaults.
      const ctx = {
        currency: r.bookingCurrency ?? DEFAULT_CURRENCY,
        timeZone: r.bookingTimezone ?? DEFAULT_ADMIN_TIMEZONE,
        userName: (id: number) => names.get(id),
      };
      return {
        id: r.id,
        actor: r.actorId !== null && r.actorName !== null && r.actorEmail !== null ? { id: r.actorId, name: r.actorName, email: r.actorEmail } : null,
        action: r.action,
        entity_type: r.entityType,
        entity_id: r.entityId,
        booking_id: r.bookingId,
        subject_user_id: r.subjectUserId,
        before: r.before ?? null,
        after: r.after ?? null,
        created_at: r.createdAt.toISOString(),
        ...describeStaffAction(r.action, r.before, r.after, ctx),
      };
    }),
    pagination: { current_page: query.page, last_page: lastPage, per_page: query.per_page, total },
  };
}
