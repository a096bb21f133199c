import type { DbOrTx } from '../../platform/db/client';
import { contactHistory, pricingHistory } from './tables/bookings';
import type { BookingWrite } from './booking-write';

/** A price the booking took (wizard edit, accepted proposal): one row of its pricing history. */
export async function addPricingHistory(tx: DbOrTx, entry: typeof pricingHistory.$inferInsert): Promise<void> {
  await tx.insert(pricingHistory).values(entry);
}

/**
 * A lead becomes 'converted' (a payment, an accepted proposal): the status with its reason, the contact note staff
 * read, and the audit consequence, the same whoever converts it. A lead already converted is left as it is.
 */
export async function convertLead(write: BookingWrite, reason: string, authorId: number | null): Promise<void> {
  const { tx, row: booking } = write;
  if (booking.leadStatus === 'converted') return;
  await write.update({ leadStatus: 'converted', leadStatusReason: reason, leadStatusChangedAt: new Date() });
  await tx.insert(contactHistory).values({ bookingId: booking.id, type: 'note', note: `Lead status changed to converted: ${reason}`, authorId });
  write.consequence({
    action: 'booking.lead_status',
    before: { lead_status: booking.leadStatus, lead_status_reason: booking.leadStatusReason },
    after: { lead_status: 'converted', lead_status_reason: reason },
  });
}
