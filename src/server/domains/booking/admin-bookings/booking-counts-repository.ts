import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { bookingCountDeltas, bookingCounts } from '../tables/bookings-counts';

/** How many bookings share one combination of the counted attributes (docs/decisions/0150-booking-metrics.md). */
export type KeyCount = {
  bookingStatus: string;
  leadStatus: string;
  needsVenue: boolean;
  needsHost: boolean;
  activated: boolean;
  n: number;
};

/** Past this many delta rows a read folds them into booking_counts, so reads stay a few hundred rows. */
const FOLD_THRESHOLD = 1000;

const FOLD_LOCK = 727_010;

/**
 * Every key's exact count: the folded counts plus the deltas not folded yet, read in one statement
 * (one snapshot), so a fold or a write committing meanwhile is seen whole or not at all.
 */
export async function readKeyCounts(db: DbOrTx): Promise<{ keys: KeyCount[]; deltaRows: number }> {
  const columns = (t: typeof bookingCounts | typeof bookingCountDeltas, isDelta: number) => ({
    bookingStatus: t.bookingStatus,
    leadStatus: t.leadStatus,
    needsVenue: t.needsVenue,
    needsHost: t.needsHost,
    activated: t.activated,
    n: t.n,
    isDelta: sql<number>`${sql.raw(String(isDelta))}`.as('is_delta'),
  });
  const all = db
    .select(columns(bookingCounts, 0))
    .from(bookingCounts)
    .unionAll(db.select(columns(bookingCountDeltas, 1)).from(bookingCountDeltas))
    .as('all_counts');
  const rows = await db
    .select({
      bookingStatus: all.bookingStatus,
      leadStatus: all.leadStatus,
      needsVenue: all.needsVenue,
      needsHost: all.needsHost,
      activated: all.activated,
      n: sql<number>`sum(${all.n})`.mapWith(Number),
      deltaRows: sql<number>`sum(${all.isDelta})`.mapWith(Number),
    })
    .from(all)
    .groupBy(all.bookingStatus, all.leadStatus, all.needsVenue, all.needsHost, all.activated)
    .orderBy(asc(all.bookingStatus), asc(all.leadStatus));
  const keys = rows.map(({ deltaRows: _d, ...key }) => key);
  return { keys, deltaRows: rows.reduce((s, r) => s + r.deltaRows, 0) };
}

/**
 * Moves the deltas into booking_counts in one statement (atomic: a reader sees them in one table or
 * the other, never both). A fold already running elsewhere makes this one a no-op rather than a wait.
 */
export async function foldKeyCountDeltas(db: DbOrTx): Promise<void> {
  const d = bookingCountDeltas;
  const c = bookingCounts;
  await db.execute(sql`
    with fold_lock as (select pg_try_advisory_xact_lock(${FOLD_LOCK}) as ok),
    moved as (
      delete from ${d} where (select ok from fold_lock)
      returning ${d.bookingStatus}, ${d.leadStatus}, ${d.needsVenue}, ${d.needsHost}, ${d.activated}, ${d.n}
    )
    insert into ${c} (booking_status, lead_status, needs_venue, needs_host, activated, n)
    select booking_status, lead_status, needs_venue, needs_host, activated, sum(n) from moved
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (booking_status, lead_status, needs_venue, needs_host, activated)
    do update set n = ${c}.n + excluded.n`);
}

/** The counts, folding the deltas first when they have piled up. */
export async function keyCounts(db: DbOrTx, foldThreshold = FOLD_THRESHOLD): Promise<KeyCount[]> {
  const read = await readKeyCounts(db);
  if (read.deltaRows < foldThreshold) return read.keys;
  await foldKeyCountDeltas(db);
  return read.keys;
}
