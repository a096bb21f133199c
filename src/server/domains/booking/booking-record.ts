import type { LedgerRow } from '../commerce/records';
import { eq, sql, type SQL } from 'drizzle-orm';
import { minorToUnits } from '../../../shared/money';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client';
import { bookings, type contactHistory, type pricingHistory, type teams } from './tables/bookings';
import { bookingGame, bookingGameFields, bookingIdOfGameCode, toBookingGame, type BookingGame } from '../game/records';
import { staffMember } from '../identity/records';
import { bookingParts, bookingPartsFields } from './booking-record-parts';
import type { AdminBooking, BookerBooking, PublicBooking, TempBooking } from '../../../shared/api/booking';
import { inferSource } from '../../../shared/tracking';
import { loadedSchedule } from '../../../shared/meeting-time';
import { contactOfRow } from './contact-columns';
import { contactRecordOf } from '../../../shared/booking-contact';

/** Staff members as the identity domain lets others read them (decision 0545). */
const host = staffMember('booking_host');

type BookingRow = typeof bookings.$inferSelect;

export type BookingAggregate = {
  booking: BookingRow;
  game: BookingGame | null;
  host: { name: string; email: string } | null;
  teams: (typeof teams.$inferSelect)[];
  payments: { row: LedgerRow; recorderName: string | null }[];
  contacts: { row: typeof contactHistory.$inferSelect; authorName: string | null }[];
  pricing: (typeof pricingHistory.$inferSelect)[];
};

/** By id, by temporary code, by game code, or by either code (the temporary code wins, as it is looked up first). */
export type BookingLookup = { id: number } | { tempCode: string } | { gameCode: string } | { code: string } | { manageKey: string };

type LookupKind = 'id' | 'tempCode' | 'gameCode' | 'code' | 'manageKey';

const byTempCode = alias(bookings, 'booking_by_temp_code');
const value = sql.placeholder('value');
const idByTempCode = sql`(select ${byTempCode.id} from ${bookings} ${byTempCode} where ${byTempCode.tempCode} = ${value})`;
const idByGameCode = bookingIdOfGameCode(value);
const whereOf: Record<LookupKind, SQL> = {
  id: sql`${bookings.id} = ${value}`,
  tempCode: sql`${bookings.tempCode} = ${value}`,
  gameCode: sql`${bookings.id} = ${idByGameCode}`,
  code: sql`${bookings.id} = coalesce(${idByTempCode}, ${idByGameCode})`,
  manageKey: sql`${bookings.manageKey} = ${value}`,
};

/**
 * One statement: the game and host joined (a booking has at most one game: games_booking_idx is unique), the lists
 * as json subselects (booking-record-parts.ts). Named, so PostgreSQL parses and plans it once per connection.
 */
const aggregateQuery = (db: DbOrTx, kind: LookupKind) =>
  db
    .select({ booking: bookings, game: bookingGameFields, host: { name: host.name, email: host.email }, ...bookingPartsFields })
    .from(bookings)
    .leftJoin(bookingGame, eq(bookingGame.bookingId, bookings.id))
    .leftJoin(host, eq(host.id, bookings.assignedHostId))
    .where(whereOf[kind])
    .limit(1)
    .prepare(`booking_aggregate_by_${kind}`);

/**
 * Building this statement costs Drizzle more CPU than PostgreSQL needs to run it, so it is built once per database
 * handle and kind. Keyed by the handle: a transaction gets its own (run on its connection), dropped with it.
 */
const prepared = new WeakMap<DbOrTx, Map<LookupKind, ReturnType<typeof aggregateQuery>>>();

function preparedFor(db: DbOrTx, kind: LookupKind): ReturnType<typeof aggregateQuery> {
  let byKind = prepared.get(db);
  if (!byKind) prepared.set(db, (byKind = new Map()));
  let query = byKind.get(kind);
  if (!query) byKind.set(kind, (query = aggregateQuery(db, kind)));
  return query;
}

function kindOf(lookup: BookingLookup): { kind: LookupKind; value: string | number } {
  if ('id' in lookup) return { kind: 'id', value: lookup.id };
  if ('tempCode' in lookup) return { kind: 'tempCode', value: lookup.tempCode };
  if ('gameCode' in lookup) return { kind: 'gameCode', value: lookup.gameCode };
  if ('manageKey' in lookup) return { kind: 'manageKey', value: lookup.manageKey };
  return { kind: 'code', value: lookup.code };
}

/** Loads one booking with everything the record shows; undefined when there is none. */
export async function loadBookingAggregate(db: DbOrTx, lookup: BookingLookup): Promise<BookingAggregate | undefined> {
  const { kind, value } = kindOf(lookup);
  const rows = await preparedFor(db, kind).execute({ value });
  const row = rows[0];
  if (!row) return undefined;
  const parts = bookingParts.parse(row);
  return {
    booking: row.booking,
    game: row.game ? toBookingGame(row.game) : null,
    host: row.host,
    teams: parts.teams,
    payments: parts.payments,
    contacts: parts.contacts,
    pricing: parts.pricing,
  };
}

// The database allows only these kinds (booking_payments_kind_check).
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The stored date and time as every answer gives them: the spec's 14:00 fallback for a time that cannot be read. */
const scheduleOf = (b: BookingAggregate['booking']) =>
  loadedSchedule({ utcDateTime: iso(b.utcDateTime), date: b.date, meetingTime: b.meetingTime, timezone: b.timezone });
const addOnTypes = (addOns: BookingRow['addOns']) => addOns.map((a) => (typeof a === 'string' ? a : a.type));

export function toBookerBooking(agg: BookingAggregate): BookerBooking {
  const b = agg.booking;
  const codeType = agg.game ? 'game' : 'temp';
  return {
    id: b.id,
    code: agg.game ? agg.game.code : b.tempCode,
    code_type: codeType,
    temp_code: b.tempCode,
    manage_key: b.manageKey,
    game_id: agg.game?.id ?? null,
    initial_area_id: b.initialAreaId,
    initial_area_lat: b.initialAreaLat,
    initial_area_lng: b.initialAreaLng,
    initial_area_radius: b.initialAreaRadius,
    players: b.players,
    hosted: b.hosted,
    duration: b.duration,
    timezone: b.timezone,
    email: b.email,
    ...contactRecordOf(contactOfRow(b)),
    city: b.city,
    plan_type: b.planType,
    add_ons: addOnTypes(b.addOns),
    currency: b.currency,
    language: b.language,
    price_per_person: minorToUnits(b.pricePerPersonMinor),
    add_ons_total: minorToUnits(b.addOnsTotalMinor),
    discount_code: b.discountCode,
    discount_total: minorToUnits(b.discountTotalMinor),
    total_price: minorToUnits(b.totalPriceMinor),
    date: b.date,
    ...scheduleOf(b),
    meeting_point_address: b.meetingPointAddress,
    meeting_point_status: b.meetingPointStatus,
    meeting_point_notes: b.meetingPointNotes,
    meeting_point_owner: b.meetingPointOwner,
    hiding_spot_address: b.hidingSpotAddress,
    hiding_spot_status: b.hidingSpotStatus,
    hiding_spot_notes: b.hidingSpotNotes,
    hiding_spot_owner: b.hidingSpotOwner,
    assigned_chicken: b.assignedChicken,
    assigned_chicken_email: b.assignedChickenEmail,
    assigned_host_name: agg.host?.name ?? null,
    locked_locations: b.lockedLocations,
    locked_challenges: b.lockedChallenges,
    locked_game_area: b.lockedGameArea,
    locked_chicken: b.lockedChicken,
    locked_host: b.lockedHost,
    locked_teams: b.lockedTeams,
    booking_status: b.bookingStatus,
    teams_list: agg.teams.map((t) => ({ id: t.id, name: t.name, players: t.players })),
    game: agg.game
      ? {
          id: agg.game.id,
          code: agg.game.code,
          activated: agg.game.activated,
          has_live_instance: agg.game.hasLiveInstance,
          status: agg.game.latestInstance ? agg.game.latestInstance.status : 'not_started',
          ended_at: iso(agg.game.latestInstance?.endTime ?? null),
          booked_end_at: iso(agg.game.latestInstance?.endsAt ?? null),
          weapons_on: agg.game.weaponsOn,
          stations_count: agg.game.stationsCount,
          host_id: agg.booking.assignedHostId,
          added_challenges: agg.game.addedChallenges,
          chicken_key: agg.game.chickenKey,
        }
      : null,
    added_challenges: agg.game?.addedChallenges ?? [],
    game_activated: agg.game?.activated ?? false,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
    version: b.version,
  };
}

export function toAdminBooking(agg: BookingAggregate): AdminBooking {
  const b = agg.booking;
  const tracking = {
    gclid: b.gclid,
    fbclid: b.fbclid,
    fbc: b.fbc,
    li_fat_id: b.liFatId,
    msclkid: b.msclkid,
    ttclid: b.ttclid,
    twclid: b.twclid,
    pclid: b.pclid,
    snapclid: b.snapclid,
    dclid: b.dclid,
    rdt_cid: b.rdtCid,
    utm_source: b.utmSource,
    utm_medium: b.utmMedium,
    utm_campaign: b.utmCampaign,
    utm_term: b.utmTerm,
    utm_content: b.utmContent,
  };
  return {
    ...toBookerBooking(agg),
    user_id: b.userId,
    assigned_host_id: b.assignedHostId,
    assigned_host_email: agg.host?.email ?? null,
    admin_venue_notes: b.adminVenueNotes,
    admin_general_notes: b.adminGeneralNotes,
    lead_status: b.leadStatus,
    lead_status_reason: b.leadStatusReason,
    lead_status_changed_at: iso(b.leadStatusChangedAt),
    contact_history: agg.contacts.map(({ row, authorName }) => ({
      id: row.id,
      timestamp: row.createdAt.toISOString(),
      type: row.type,
      note: row.note,
      author_name: authorName,
    })),
    pricing_history: agg.pricing.map((p) => ({
      timestamp: p.createdAt.toISOString(),
      plan_type: p.planType,
      price_per_person: minorToUnits(p.pricePerPersonMinor),
      add_ons: p.addOns,
      players: p.players,
      discount_code: p.discountCode,
      discount_total: minorToUnits(p.discountTotalMinor),
      total_price: minorToUnits(p.totalPriceMinor),
    })),
    booking_payments: agg.payments.map(({ row: p, recorderName }) => ({
      id: p.id,
      kind: p.kind,
      payment_type: p.paymentType,
      payment_amount: p.paymentAmount,
      currency: p.currency,
      corrects_payment_id: p.correctsPaymentId,
      reason: p.reason,
      purpose: p.purpose,
      recorded_by_name: recorderName,
      provider: p.provider,
      created_at: p.createdAt.toISOString(),
    })),
    source: inferSource(tracking),
    ...tracking,
  };
}

/** What the players' join code shows (decision 0140): public game facts only; the meeting point once confirmed. */
/** The temp code's view of an unpaid booking (decision 0526): the public facts and the price, no secrets or contacts. */
export function toTempBooking(agg: BookingAggregate): TempBooking {
  const { access: _public, ...facts } = toPublicBooking(agg);
  // The price as the organiser's view states it, so the two never differ.
  const own = toBookerBooking(agg);
  return {
    ...facts,
    access: 'temp',
    id: own.id,
    booking_status: own.booking_status,
    plan_type: own.plan_type,
    add_ons: own.add_ons,
    currency: own.currency,
    price_per_person: own.price_per_person,
    add_ons_total: own.add_ons_total,
    discount_total: own.discount_total,
    total_price: own.total_price,
  };
}

export function toPublicBooking(agg: BookingAggregate): PublicBooking {
  const b = agg.booking;
  return {
    access: 'public',
    code: agg.game ? agg.game.code : b.tempCode,
    code_type: agg.game ? 'game' : 'temp',
    city: b.city,
    date: b.date,
    timezone: b.timezone,
    ...scheduleOf(b),
    duration: b.duration,
    players: b.players,
    meeting_point_address: b.meetingPointStatus === 'confirmed' ? b.meetingPointAddress : null,
    teams_list: agg.teams.map((t) => ({ id: t.id, name: t.name })),
    added_challenges: agg.game?.addedChallenges ?? [],
    game_activated: agg.game?.activated ?? false,
  };
}
