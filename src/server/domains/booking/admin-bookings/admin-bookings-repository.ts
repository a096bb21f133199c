import { and, asc, count, type AnyColumn, desc, eq, gte, ilike, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { PAID_STATUSES, UPCOMING_STATUSES } from '../../../../shared/lifecycle/booking-states';
import { bookings, contactHistory } from '../tables/bookings';
import { moneyOfBookings, paidNetOfBookings } from '../../commerce/records';
import { bookingGame, bookingGamesOf, bookingIdOfGameCode, hasActivatedGame } from '../../game/records';
import { staffMember } from '../../identity/records';
import { toAdminBooking, type BookingAggregate } from '../booking-record';
import { normalizeCode } from '../../../platform/codes';
import type { BookingListItem } from '../../../../shared/api/booking';
import type { AttentionFilter, CalendarItem, ListLeadStatus } from '../../../../shared/api/admin-bookings';
import type { ChartInterval } from '../../../../shared/chart-interval';
import { OPEN_PIPELINE_STATUSES, STAFF_CREATED } from '../../../../shared/leads';
import type { BookingRow } from '../booking-row';
import { overdueBookingIds } from '../message-schedule/balance-overdue';

/** Staff members as the identity domain lets others read them (decision 0545). */
const hostUser = staffMember('booking_host');

export type { BookingRow } from '../booking-row';

/** Bookings whose game is happening: paid (and completed games, for calendars and history). */
const GAME_STATUSES = PAID_STATUSES;

/** An upcoming game: paid, not yet played (shared/lifecycle/booking-states.ts); a played one needs no venue or host. */
const isPaid = inArray(bookings.bookingStatus, [...UPCOMING_STATUSES]);
const notConfirmed = (column: AnyColumn) => sql`${column} is distinct from 'confirmed'`;

/** Paid bookings that still need something from staff (docs/decisions/0150-booking-metrics.md). */
export function attentionCondition(filter: AttentionFilter): SQL {
  switch (filter) {
    case 'need_venues':
      return and(isPaid, or(notConfirmed(bookings.meetingPointStatus), notConfirmed(bookings.hidingSpotStatus))) as SQL;
    case 'need_hosts':
      return and(isPaid, eq(bookings.hosted, true), isNull(bookings.assignedHostId)) as SQL;
    case 'unactivated':
      return and(isPaid, sql`not ${hasActivatedGame(bookings.id)}`) as SQL;
  }
}

/**
 * Every lead (shared/leads.ts `isLead`, decision 0336) as SQL: the leads tab's list and the Stats chart both filter by
 * it; tests/api/admin-bookings-counts.test.ts checks it agrees with the counted keys, lead-counts.test.ts with the tab.
 */
export function pipelineCondition(leadStatus: ListLeadStatus = 'all'): SQL {
  const pipeline = and(
    ne(bookings.leadStatus, 'trash'),
    or(inArray(bookings.bookingStatus, [...OPEN_PIPELINE_STATUSES]), eq(bookings.leadStatus, 'converted')),
  ) as SQL;
  return leadStatus === 'all' ? pipeline : (and(pipeline, eq(bookings.leadStatus, leadStatus)) as SQL);
}

/** A lead staff created (shared/leads.ts `createdByStaff`): the leads that are not enquiries. */
const createdByStaffSql = sql`(${bookings.utmSource} = ${STAFF_CREATED.utm_source} and ${bookings.utmMedium} = ${STAFF_CREATED.utm_medium})`;

function escapeLike(term: string): string {
  return term.replaceAll(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Name, email or company containing the term (ILIKE, served by the pg_trgm GIN indexes), or a temporary
 * or game code equal to it (codes are stored upper-case; unique B-tree indexes).
 */
export function searchCondition(term: string): SQL {
  const pattern = `%${escapeLike(term)}%`;
  const code = normalizeCode(term);
  return or(
    ilike(bookings.fullName, pattern),
    ilike(bookings.email, pattern),
    ilike(bookings.companyName, pattern),
    eq(bookings.tempCode, code),
    // A scalar subquery (one row at most: codes are unique) runs once, so the OR stays a BitmapOr of indexes.
    sql`${bookings.id} = ${bookingIdOfGameCode(code)}`,
  ) as SQL;
}

export type ListOrder = 'newest' | 'game_date';

export async function countBookings(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const rows = await db.select({ n: count() }).from(bookings).where(where);
  return rows[0]?.n ?? 0;
}

export async function findBookingsPage(db: DbOrTx, where: SQL | undefined, order: ListOrder, limit: number, offset: number): Promise<BookingRow[]> {
  const orderBy = order === 'newest' ? [desc(bookings.createdAt), desc(bookings.id)] : [asc(bookings.date), asc(bookings.utcDateTime), asc(bookings.id)];
  return db
    .select()
    .from(bookings)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

/** Turns booking rows into list items with a constant number of queries, whatever the page size. */
export async function toListItems(db: DbOrTx, rows: BookingRow[]): Promise<BookingListItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const hostIds = [...new Set(rows.map((r) => r.assignedHostId).filter((id): id is number => id !== null))];
  const [gameByBooking, hostRows, contactRows, overdue] = await Promise.all([
    bookingGamesOf(db, ids),
    hostIds.length
      ? db.select({ id: hostUser.id, name: hostUser.name, email: hostUser.email }).from(hostUser).where(inArray(hostUser.id, hostIds))
      : Promise.resolve([]),
    db
      .select({ bookingId: contactHistory.bookingId, last: sql`max(${contactHistory.createdAt})`.mapWith(contactHistory.createdAt) })
      .from(contactHistory)
      .where(inArray(contactHistory.bookingId, ids))
      .groupBy(contactHistory.bookingId),
    overdueBookingIds(db, ids),
  ]);
  const hostById = new Map(hostRows.map((h) => [h.id, h]));
  const lastContact = new Map(contactRows.map((c) => [c.bookingId, c.last]));

  return rows.map((booking) => {
    const game = gameByBooking.get(booking.id);
    const host = booking.assignedHostId === null ? undefined : hostById.get(booking.assignedHostId);
    const agg: BookingAggregate = {
      booking,
      game: game ?? null,
      host: host ? { name: host.name, email: host.email } : null,
      teams: [],
      payments: [],
      contacts: [],
      pricing: [],
    };
    const { contact_history: _c, pricing_history: _p, booking_payments: _b, teams_list: _t, ...item } = toAdminBooking(agg);
    const last = lastContact.get(booking.id);
    return { ...item, last_contact_at: last ? new Date(last).toISOString() : null, balance_overdue: overdue.has(booking.id) };
  });
}

export function gameDateCondition(startDate: string, endDate: string): SQL {
  return and(inArray(bookings.bookingStatus, [...GAME_STATUSES]), gte(bookings.date, startDate), lte(bookings.date, endDate)) as SQL;
}

/**
 * The games of a date range (the calendar's bookings, gameDateCondition) per currency: how many games in each
 * booking currency, and what their ledger holds in each payment currency (pence): received, taken back by refunds
 * and voids, and net, free (staff-issued) voucher money left out (0505, 0545). One basis for all three calendar figures
 * (docs/decisions/0150).
 */
export async function gamesValue(
  db: DbOrTx,
  startDate: string,
  endDate: string,
): Promise<{
  games: { currency: string; games: number; discounts: number }[];
  ledger: { currency: string; received: number; refunded: number; net: number; free_vouchers: number }[];
}> {
  const where = gameDateCondition(startDate, endDate);
  const [games, ledger] = await Promise.all([
    db
      .select({ currency: bookings.currency, games: count(), discounts: sql<number>`coalesce(sum(${bookings.discountTotalMinor}), 0)`.mapWith(Number) })
      .from(bookings)
      .where(where)
      .groupBy(bookings.currency),
    // The ledger's money of these games, free (staff-issued) voucher money apart: it is no money received (0505).
    moneyOfBookings(db, db.select({ id: bookings.id }).from(bookings).where(where)),
  ]);
  return { games, ledger };
}

const BUCKET_FORMAT: Record<ChartInterval, string> = { daily: 'YYYY-MM-DD', weekly: 'IYYY-"W"IW', monthly: 'YYYY-MM' };

/** Leads that came in from `from` to `to` (exclusive), per local bucket of the zone: how many, how many enquiries. */
export async function leadsPerBucket(
  db: DbOrTx,
  from: Date,
  to: Date,
  interval: ChartInterval,
  timeZone: string,
): Promise<{ bucket: string; leads: number; enquiries: number }[]> {
  const bucket = sql<string>`to_char(${bookings.createdAt} at time zone ${sql.raw(`'${timeZone.replaceAll("'", '')}'`)}, ${sql.raw(`'${BUCKET_FORMAT[interval]}'`)})`;
  return db
    .select({
      bucket,
      leads: sql<number>`count(*)`.mapWith(Number),
      enquiries: sql<number>`sum(case when ${createdByStaffSql} then 0 else 1 end)`.mapWith(Number),
    })
    .from(bookings)
    .where(and(gte(bookings.createdAt, from), lt(bookings.createdAt, to), pipelineCondition()))
    .groupBy(sql`1`);
}

/** One keyset page of the export, newest id first: constant memory however many bookings there are. */
export async function exportPage(db: DbOrTx, where: SQL | undefined, beforeId: number | null, limit: number): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(where, beforeId === null ? undefined : lt(bookings.id, beforeId)))
    .orderBy(desc(bookings.id))
    .limit(limit);
}

/** What the export adds to each row of a page: game, host, payments and last contact. */
export async function exportExtras(db: DbOrTx, rows: BookingRow[]) {
  const ids = rows.map((r) => r.id);
  const hostIds = [...new Set(rows.map((r) => r.assignedHostId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return { games: new Map(), hosts: new Map(), paid: new Map(), lastContact: new Map() };
  const [gameRows, hostRows, paidRows, contactRows] = await Promise.all([
    db
      .select({ bookingId: bookingGame.bookingId, code: bookingGame.code, activated: bookingGame.activated })
      .from(bookingGame)
      .where(inArray(bookingGame.bookingId, ids)),
    hostIds.length
      ? db.select({ id: hostUser.id, name: hostUser.name, email: hostUser.email }).from(hostUser).where(inArray(hostUser.id, hostIds))
      : Promise.resolve([]),
    paidNetOfBookings(db, ids),
    db
      .select({ bookingId: contactHistory.bookingId, last: sql`max(${contactHistory.createdAt})`.mapWith(contactHistory.createdAt) })
      .from(contactHistory)
      .where(inArray(contactHistory.bookingId, ids))
      .groupBy(contactHistory.bookingId),
  ]);
  return {
    games: new Map(gameRows.map((g) => [g.bookingId, g])),
    hosts: new Map(hostRows.map((h) => [h.id, h])),
    paid: paidRows,
    lastContact: new Map(contactRows.map((c) => [c.bookingId, c.last])),
  };
}

/** The games of a date range for the calendar: a few columns and the game code, in one query. */
export async function findCalendarItems(db: DbOrTx, startDate: string, endDate: string, limit: number): Promise<CalendarItem[]> {
  const rows = await db
    .select({
      id: bookings.id,
      tempCode: bookings.tempCode,
      gameCode: bookingGame.code,
      fullName: bookings.fullName,
      email: bookings.email,
      players: bookings.players,
      hosted: bookings.hosted,
      bookingStatus: bookings.bookingStatus,
      date: bookings.date,
      meetingTime: bookings.meetingTime,
      timezone: bookings.timezone,
      utcDateTime: bookings.utcDateTime,
    })
    .from(bookings)
    .leftJoin(bookingGame, eq(bookingGame.bookingId, bookings.id))
    .where(gameDateCondition(startDate, endDate))
    .orderBy(asc(bookings.date), asc(bookings.utcDateTime), asc(bookings.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    code: r.gameCode ?? r.tempCode,
    full_name: r.fullName,
    email: r.email,
    players: r.players,
    hosted: r.hosted,
    booking_status: r.bookingStatus,
    date: r.date,
    meeting_time: r.meetingTime,
    timezone: r.timezone,
    utcDateTime: r.utcDateTime ? r.utcDateTime.toISOString() : null,
  }));
}
