import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { NotFoundError } from '../../platform/errors';
import { bookings } from './tables/bookings';
import { toListItems } from './admin-bookings/admin-bookings-repository';
import { loadBookingAggregate, toAdminBooking } from './booking-record';
import { DETAIL_MESSAGES } from '../../../shared/api/admin-booking-detail';
import type { BookingListItem, AdminBooking } from '../../../shared/api/booking';
import type { BookingStatus } from '../../../shared/lifecycle/booking-states';

export type OutsideBookingFilters = {
  status?: BookingStatus | undefined;
  updatedSince?: Date | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  email?: string | undefined;
};

/**
 * One keyset page of bookings for the outside API (issue 39): newest id first, after the cursor's id, in the staff
 * list's item shape. Keyset, not offsets: a client walking every page while bookings are added neither skips nor
 * repeats one. Answers the items and the id to continue below, or null on the last page.
 */
export async function outsideBookingsPage(
  db: DbOrTx,
  filters: OutsideBookingFilters,
  beforeId: number | null,
  limit: number,
): Promise<{ items: BookingListItem[]; lastId: number | null }> {
  const conditions: (SQL | undefined)[] = [
    filters.status ? eq(bookings.bookingStatus, filters.status) : undefined,
    filters.updatedSince ? gte(bookings.updatedAt, filters.updatedSince) : undefined,
    filters.dateFrom ? gte(bookings.date, filters.dateFrom) : undefined,
    filters.dateTo ? lte(bookings.date, filters.dateTo) : undefined,
    filters.email ? sql`lower(${bookings.email}) = ${filters.email.toLowerCase()}` : undefined,
    beforeId === null ? undefined : lt(bookings.id, beforeId),
  ];
  const rows = await db
    .select()
    .from(bookings)
    .where(and(...conditions))
    .orderBy(desc(bookings.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const items = await toListItems(db, page);
  return { items, lastId: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

/** A booking as staff see it, for the outside API; 404 for an unknown id. */
export async function outsideBooking(db: DbOrTx, id: number): Promise<AdminBooking> {
  const aggregate = await loadBookingAggregate(db, { id });
  if (!aggregate) throw new NotFoundError(DETAIL_MESSAGES.notFound);
  return toAdminBooking(aggregate);
}
