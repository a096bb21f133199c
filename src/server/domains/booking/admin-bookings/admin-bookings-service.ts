import { Readable } from 'node:stream';
import { addDays, format, isValid, parse } from 'date-fns';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { exportCopyStatement } from './export-copy-sql';
import { EXPORT_HEADERS, exportRecord } from './export-columns';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database, Db, DbOrTx } from '../../../platform/db/client';
import { bookings } from '../tables/bookings';
import { ValidationError } from '../../../platform/errors';
import { recordActivity } from '../../identity';
import { toAdminBooking } from '../booking-record';
import { createBookingRecord, inputFromCreateBody } from '../booking-create';
import type { AdminBooking } from '../../../../shared/api/booking';
import {
  ADMIN_CREATED_TRACKING,
  ATTENTION_FILTERS,
  MAX_CALENDAR_BOOKINGS,
  MAX_CALENDAR_DAYS,
  MAX_CHART_DAYS,
  type AdminCreateBookingBody,
  type BookingMetrics,
  type CalendarMetrics,
  exportBookingsQuery,
  type EnquiryLeadResponse,
  type ExportBookingsQuery,
  type LeadMetrics,
  type ListBookingsQuery,
  type ListBookingsResponse,
} from '../../../../shared/api/admin-bookings';
import { bucketKeys, rangeLengthInDays, type ChartInterval } from '../../../../shared/chart-interval';
import { DEFAULT_ADMIN_TIMEZONE, localToUtcIso, todayIn } from '../../../../shared/time';
import { minorToUnits, shareOf } from '../../../../shared/money';
import {
  attentionCondition,
  countBookings,
  leadsPerBucket,
  exportExtras,
  exportPage,
  findBookingsPage,
  findCalendarItems,
  gameDateCondition,
  gamesValue,
  pipelineCondition,
  searchCondition,
  toListItems,
} from './admin-bookings-repository';
import { keyCounts } from './booking-counts-repository';
import { ATTENTION_TESTS, countKeys, isPlayed, isUpcoming, listKeyTest, pipelineTest } from './booking-counts';
import { queueGameLinksMail, type BookingMailer } from '../booking-mails';
import { BOOKING_STATUSES } from '../../../../shared/lifecycle/booking-states';

/** Staff dates are London dates (spec section 9). */
const ZONE = DEFAULT_ADMIN_TIMEZONE;

/** The list's filter (tab, sub-tab, metric filter, search) as one condition: the list and the export share it. */
function listCondition(query: Pick<ListBookingsQuery, 'view' | 'status' | 'lead_status' | 'search'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.view === 'leads') {
    conditions.push(pipelineCondition(query.lead_status));
  } else if (query.view === 'calendar') {
    conditions.push(gameDateCondition('0001-01-01', '9999-12-31'));
  } else if (query.status !== 'all') {
    // LIST_STATUSES is the attention filters and the booking statuses a list may show, nothing else.
    const attention = ATTENTION_FILTERS.find((f) => f === query.status);
    const status = BOOKING_STATUSES.find((s) => s === query.status);
    if (attention) conditions.push(attentionCondition(attention));
    else if (status) conditions.push(eq(bookings.bookingStatus, status));
  }
  if (query.search) conditions.push(searchCondition(query.search));
  return conditions.length ? (and(...conditions) as SQL) : undefined;
}

export async function listBookings(db: DbOrTx, query: ListBookingsQuery): Promise<ListBookingsResponse> {
  const where = listCondition(query);

  // Exact either way: without a search the total comes from the maintained counts (a million-row
  // count(*) costs ~100 ms); a search is counted by its own (index-served) query.
  const keyTest = listKeyTest(query);
  const total = keyTest ? countKeys(await keyCounts(db), keyTest) : await countBookings(db, where);
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
  const offset = (query.page - 1) * query.per_page;
  // Past the last page there is nothing to read: answer an empty page without asking the database.
  const rows = offset < total ? await findBookingsPage(db, where, query.view === 'calendar' ? 'game_date' : 'newest', query.per_page, offset) : [];
  return {
    bookings: await toListItems(db, rows),
    pagination: { current_page: query.page, last_page: lastPage, per_page: query.per_page, total },
  };
}

export async function bookingMetrics(db: DbOrTx): Promise<BookingMetrics> {
  const keys = await keyCounts(db);
  return {
    total: countKeys(keys, () => true),
    need_venues: countKeys(keys, ATTENTION_TESTS.need_venues),
    need_hosts: countKeys(keys, ATTENTION_TESTS.need_hosts),
    unactivated: countKeys(keys, ATTENTION_TESTS.unactivated),
    upcoming: countKeys(keys, isUpcoming),
    played: countKeys(keys, isPlayed),
  };
}

export async function leadMetrics(db: DbOrTx): Promise<LeadMetrics> {
  const keys = await keyCounts(db);
  const pipeline = pipelineTest('all');
  const n = (status: string) => countKeys(keys, (k) => pipeline(k) && k.leadStatus === status);
  const total = n('new') + n('contacted') + n('negotiating') + n('lost') + n('converted');
  return {
    converted_leads: n('converted'),
    new_leads: n('new'),
    contacted_leads: n('contacted'),
    negotiating_leads: n('negotiating'),
    lost_leads: n('lost'),
    total_leads: total,
    conversion_rate: total === 0 ? 0 : Math.round((n('converted') / total) * 1000) / 10,
  };
}

/** A range of API dates, checked: real dates, start not after end, at most `maxDays` days. */
function checkRange(startDate: string, endDate: string, maxDays: number): { from: Date; to: Date } {
  const start = parse(startDate, 'yyyy-MM-dd', new Date(0));
  const end = parse(endDate, 'yyyy-MM-dd', new Date(0));
  // Real days only (no 2026-02-30), and years a booking can have: nothing else reaches date-fns or SQL.
  const real = (d: Date, text: string) => isValid(d) && format(d, 'yyyy-MM-dd') === text && d.getFullYear() >= 2000 && d.getFullYear() <= 2999;
  if (!real(start, startDate)) throw ValidationError.field('start_date', 'Please enter a valid start date');
  if (!real(end, endDate)) throw ValidationError.field('end_date', 'Please enter a valid end date');
  const days = rangeLengthInDays(startDate, endDate);
  if (days === 0) throw ValidationError.field('end_date', 'The end date must not be before the start date');
  if (days > maxDays) throw ValidationError.field('end_date', `Please choose a range of at most ${maxDays} days`);
  const from = localToUtcIso(startDate, { hour: 0, minute: 0 }, ZONE);
  const to = localToUtcIso(format(addDays(end, 1), 'yyyy-MM-dd'), { hour: 0, minute: 0 }, ZONE);
  if (!from || !to) throw ValidationError.field('start_date', 'Please enter a valid start date');
  return { from: new Date(from), to: new Date(to) };
}

export async function calendarBookings(db: DbOrTx, startDate: string, endDate: string) {
  checkRange(startDate, endDate, MAX_CALENDAR_DAYS);
  return { bookings: await findCalendarItems(db, startDate, endDate, MAX_CALENDAR_BOOKINGS) };
}

/**
 * The month's games (paid or completed, game date in the range: the calendar's own bookings) and what their payment
 * rows hold, per currency (never added across currencies): received, refunded (refunds and voids), net, and the
 * average net per game of that currency (docs/decisions/0150). Pounds, to the penny; the sum of the rows, exactly.
 */
export async function calendarMetrics(db: DbOrTx, startDate: string, endDate: string): Promise<CalendarMetrics> {
  checkRange(startDate, endDate, MAX_CHART_DAYS);
  const { games, ledger } = await gamesValue(db, startDate, endDate);
  const currencies = [...new Set([...games.map((g) => g.currency), ...ledger.map((l) => l.currency)])].sort();
  const revenue = currencies.map((currency) => {
    const game = games.find((g) => g.currency === currency);
    const count = game?.games ?? 0;
    const money = ledger.find((l) => l.currency === currency) ?? { received: 0, refunded: 0, net: 0 };
    return {
      currency,
      bookings: count,
      received: minorToUnits(money.received),
      refunded: minorToUnits(money.refunded),
      net: minorToUnits(money.net),
      average: count === 0 ? 0 : minorToUnits(shareOf(money.net, 1, count)),
      discounts: minorToUnits(game?.discounts ?? 0),
    };
  });
  const pounds = revenue.find((r) => r.currency === 'GBP');
  return {
    total_bookings: games.reduce((n, g) => n + g.games, 0),
    total_revenue: pounds?.net ?? 0,
    average_booking_value: pounds?.average ?? 0,
    revenue,
  };
}

export async function enquiryLeadMetrics(db: DbOrTx, startDate: string, endDate: string, interval: ChartInterval): Promise<EnquiryLeadResponse> {
  const { from, to } = checkRange(startDate, endDate, MAX_CHART_DAYS);
  const rows = await leadsPerBucket(db, from, to, interval, ZONE);
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  const data = bucketKeys(startDate, endDate, interval).map((date) => {
    const row = byBucket.get(date);
    return { date, enquiries: row?.enquiries ?? 0, leads: row?.leads ?? 0 };
  });
  return {
    data,
    totals: { enquiries: data.reduce((s, d) => s + d.enquiries, 0), leads: data.reduce((s, d) => s + d.leads, 0) },
  };
}

// ---------------------------------------------------------------------------------------------
// Export

const EXPORT_PAGE = 1000;

export function exportFileName(now: Date = new Date()): string {
  return `bookings-${todayIn(ZONE, now)}.csv`;
}

/** The export's filter: the list's, with a metric filter (the legacy `filter`) standing in for the status, as on the page. */
function exportCondition(query: ExportBookingsQuery): SQL | undefined {
  const status = query.view === 'list' && query.filter ? query.filter : query.status;
  return listCondition({ ...query, status });
}

/**
 * The bookings the list shows for these filters (every page) as readable CSV (export-columns.ts),
 * newest first. On the embedded database they are read in keyset pages and streamed: each page becomes
 * one CSV chunk, so memory holds one page however many bookings there are, and the stream only reads the
 * next page when the client has taken the last one.
 */
export async function exportBookingsCsv(database: Database, query: ExportBookingsQuery = exportBookingsQuery.parse({})): Promise<Readable> {
  const where = exportCondition(query);
  // On a PostgreSQL server the server writes the CSV itself (COPY): the same cells, many times faster.
  if (database.copyOut) return database.copyOut(exportCopyStatement(where));
  const db = database.db;
  async function* chunks() {
    yield stringifyCsv([[...EXPORT_HEADERS]]);
    let beforeId: number | null = null;
    for (;;) {
      const rows = await exportPage(db, where, beforeId, EXPORT_PAGE);
      if (rows.length === 0) return;
      const extras = await exportExtras(db, rows);
      const records = rows.map((row) => {
        const game = extras.games.get(row.id);
        const host = row.assignedHostId === null ? undefined : extras.hosts.get(row.assignedHostId);
        return exportRecord({
          ...row,
          gameCode: game?.code ?? null,
          gameActivated: game?.activated ?? false,
          hostName: host?.name ?? null,
          hostEmail: host?.email ?? null,
          paidPence: extras.paid.get(row.id) ?? 0,
          lastContactAt: extras.lastContact.get(row.id) ?? null,
        });
      });
      yield stringifyCsv(records);
      if (rows.length < EXPORT_PAGE) return;
      beforeId = rows[rows.length - 1]?.id ?? null;
    }
  }
  return Readable.from(chunks());
}

// ---------------------------------------------------------------------------------------------
// Create

/**
 * A booking created by staff: status lead, the admin tracking values, validated and priced by the
 * shared domains/booking/booking-create.ts (the same code as the public wizard's POST /api/bookings). Staff may
 * record a lead for a past date; everything else follows the wizard's rules and messages. The booker is mailed
 * the booking's details and private management link (domains/booking/booking-mails.ts).
 */
export async function createAdminBooking(db: Db, mailer: BookingMailer, actorId: number | null, body: AdminCreateBookingBody): Promise<AdminBooking> {
  const created = await db.transaction(async (tx) => {
    const made = await createBookingRecord(
      tx,
      inputFromCreateBody(body, { bookingStatus: 'lead', createdBySession: null, hosted: body.hosted, tracking: { ...ADMIN_CREATED_TRACKING } }),
      { allowPastDate: true, mailer },
    );
    await recordActivity(tx, {
      actorId,
      action: 'booking.create',
      entityType: 'booking',
      entityId: made.id,
      bookingId: made.id,
      after: { booking_status: 'lead', email: body.email, players: body.players, plan_type: body.plan_type, add_ons: body.add_ons, date: body.date },
    });
    // The booker learns of the booking staff made for them, with the private link to check and manage it.
    await queueGameLinksMail(tx, mailer, made.id, 'created_by_staff');
    return made;
  });
  // The inserted rows are the whole booking (nothing hangs off a new one): no second read.
  return toAdminBooking(created.aggregate);
}
