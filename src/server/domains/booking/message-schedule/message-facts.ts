import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { bookings } from '../tables/bookings';
import { ledgerNetSql } from '../../commerce/records';
import { messageSettings } from '../tables/scheduled-messages';
import { dueOf } from '../../../../shared/payments';
import { DEFAULT_REMINDER_DAYS, type ReminderDays, type ScheduleFacts } from '../../../../shared/message-schedule';
import type { PaymentMethod } from '../../../../shared/payments';

// Qualified by hand: in a one-table select Drizzle writes a bare "id", which the subquery would read as its own.
const bookingRef = sql.raw('"bookings"."id"');

/** What a schedule is planned from, read in the caller's transaction: the booking's facts, its version and what is due. */
export type LoadedScheduleFacts = ScheduleFacts & { version: number };

export async function loadScheduleFacts(tx: DbOrTx, bookingId: number, paymentMethod: PaymentMethod): Promise<LoadedScheduleFacts | null> {
  const [row] = await tx
    .select({
      date: bookings.date,
      timezone: bookings.timezone,
      meetingTime: bookings.meetingTime,
      utcDateTime: bookings.utcDateTime,
      duration: bookings.duration,
      bookingStatus: bookings.bookingStatus,
      leadStatus: bookings.leadStatus,
      totalPriceMinor: bookings.totalPriceMinor,
      createdAt: bookings.createdAt,
      version: bookings.version,
      net: ledgerNetSql(bookingRef),
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!row) return null;
  const { totalPriceMinor, createdAt, net, ...rest } = row;
  return { ...rest, paymentMethod, amountDue: dueOf(totalPriceMinor, Number(net)), bookedAt: createdAt };
}

/** The install's reminder days: staff's, else 7 and 1. */
export async function readReminderDays(tx: DbOrTx): Promise<ReminderDays> {
  const [row] = await tx.select().from(messageSettings).where(eq(messageSettings.id, 1));
  return row ? { first: row.firstReminderDays, second: row.secondReminderDays } : { ...DEFAULT_REMINDER_DAYS };
}
