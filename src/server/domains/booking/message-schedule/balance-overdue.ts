import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/client';
import type { Metrics } from '../../../platform/metrics';
import { bookings } from '../tables/bookings';
import { ledgerNetSql } from '../../commerce/records';
import { scheduledMessages } from '../tables/scheduled-messages';
import { CLOSED_LEAD_STATUSES } from '../../../../shared/lifecycle/booking-states';

// Qualified by hand: in a one-table query Drizzle writes a bare "id", which a subquery would read as its own.
const bookingRef = sql.raw('"bookings"."id"');
const closedLeads = sql.raw(CLOSED_LEAD_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * A booking is overdue (issue 31) once staff were told its balance is late (the `balance_overdue` message was sent)
 * while money is still due on it and it is open (not cancelled, nor a lost or trashed lead: shared lifecycle's closed).
 * A boolean SQL expression on `bookings`, for the admin list, the detail page and the metric alike.
 */
export function balanceOverdueSql(): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${scheduledMessages} where ${scheduledMessages.bookingId} = ${bookingRef} and ${scheduledMessages.kind} = 'balance_overdue' and ${scheduledMessages.status} = 'sent')
    and ${bookings.totalPriceMinor} > ${ledgerNetSql(bookingRef)}
    and ${bookings.bookingStatus} <> 'cancelled'
    and (${bookings.bookingStatus} in ('paid', 'completed') or ${bookings.leadStatus} not in (${closedLeads})))`;
}

/** Which of these bookings are overdue: the badge on the admin list and the detail page. */
export async function overdueBookingIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(inArray(bookings.id, ids), balanceOverdueSql()));
  return new Set(rows.map((r) => r.id));
}

/** How many bookings are overdue, read at scrape time (a database that does not answer leaves the gauge as it was). */
export function registerBookingMetrics(metrics: Metrics, db: Db): void {
  metrics.gauge({
    name: 'hatch_bookings_balance_overdue',
    help: 'Open bookings whose bank-transfer balance is past due and unpaid (staff were sent the overdue notice)',
    async collect() {
      try {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(bookings)
          .where(balanceOverdueSql());
        this.set(Number(row?.n ?? 0));
      } catch {
        // The scrape itself must still answer; the pool's and the jobs' metrics say why.
      }
    },
  });
}
