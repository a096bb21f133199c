import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { bookingPayments, bookings, contactHistory, pricingHistory, teams } from '../db/schema/bookings';
import { gameChallenges, gameInstances, games } from '../db/schema/games';
import { users } from '../db/schema/users';
import type { AdminBooking, BookerBooking } from '../../shared/api/booking';
import { inferSource } from '../../shared/tracking';

type BookingRow = typeof bookings.$inferSelect;
type GameRow = typeof games.$inferSelect;

export type BookingAggregate = {
  booking: BookingRow;
  game: (GameRow & { addedChallenges: number[]; hasLiveInstance: boolean }) | null;
  host: { name: string; email: string } | null;
  teams: (typeof teams.$inferSelect)[];
  payments: (typeof bookingPayments.$inferSelect)[];
  contacts: { row: typeof contactHistory.$inferSelect; authorName: string | null }[];
  pricing: (typeof pricingHistory.$inferSelect)[];
};

export type BookingLookup = { id: number } | { tempCode: string } | { gameCode: string };

/** Loads one booking with everything the record shows; undefined when there is none. */
export async function loadBookingAggregate(db: DbOrTx, lookup: BookingLookup): Promise<BookingAggregate | undefined> {
  let booking: BookingRow | undefined;
  if ('id' in lookup) {
    booking = (await db.select().from(bookings).where(eq(bookings.id, lookup.id)).limit(1))[0];
  } else if ('tempCode' in lookup) {
    booking = (await db.select().from(bookings).where(eq(bookings.tempCode, lookup.tempCode)).limit(1))[0];
  } else {
    const found = await db.select({ b: bookings }).from(games).innerJoin(bookings, eq(bookings.id, games.bookingId)).where(eq(games.code, lookup.gameCode)).limit(1);
    booking = found[0]?.b;
  }
  if (!booking) return undefined;
  const id = booking.id;

  const [gameRows, hostRows, teamRows, paymentRows, contactRows, pricingRows] = await Promise.all([
    db.select().from(games).where(eq(games.bookingId, id)).limit(1),
    booking.assignedHostId
      ? db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, booking.assignedHostId)).limit(1)
      : Promise.resolve([]),
    db.select().from(teams).where(eq(teams.bookingId, id)).orderBy(asc(teams.id)),
    db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, id)).orderBy(asc(bookingPayments.createdAt), asc(bookingPayments.id)),
    db
      .select({ row: contactHistory, authorName: users.name })
      .from(contactHistory)
      .leftJoin(users, eq(users.id, contactHistory.authorId))
      .where(eq(contactHistory.bookingId, id))
      .orderBy(desc(contactHistory.createdAt), desc(contactHistory.id)),
    db.select().from(pricingHistory).where(eq(pricingHistory.bookingId, id)).orderBy(asc(pricingHistory.createdAt), asc(pricingHistory.id)),
  ]);

  let game: BookingAggregate['game'] = null;
  const gameRow = gameRows[0];
  if (gameRow) {
    const [added, live] = await Promise.all([
      db.select({ id: gameChallenges.challengeId }).from(gameChallenges).where(eq(gameChallenges.gameId, gameRow.id)).orderBy(asc(gameChallenges.position)),
      db.select({ n: sql<number>`count(*)::int` }).from(gameInstances).where(inArray(gameInstances.gameId, [gameRow.id])),
    ]);
    game = { ...gameRow, addedChallenges: added.map((a) => a.id), hasLiveInstance: (live[0]?.n ?? 0) > 0 };
  }
  return {
    booking,
    game,
    host: hostRows[0] ?? null,
    teams: teamRows,
    payments: paymentRows,
    contacts: contactRows,
    pricing: pricingRows,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const addOnTypes = (addOns: BookingRow['addOns']) => addOns.map((a) => (typeof a === 'string' ? a : a.type));

export function toBookerBooking(agg: BookingAggregate): BookerBooking {
  const b = agg.booking;
  const codeType = agg.game ? 'game' : 'temp';
  return {
    id: b.id,
    code: agg.game ? agg.game.code : b.tempCode,
    code_type: codeType,
    temp_code: b.tempCode,
    game_id: agg.game?.id ?? null,
    initial_area_id: b.initialAreaId,
    initial_area_lat: b.initialAreaLat,
    initial_area_lng: b.initialAreaLng,
    initial_area_radius: b.initialAreaRadius,
    players: b.players,
    hosted: b.hosted,
    duration: b.duration,
    timezone: b.timezone,
    full_name: b.fullName,
    email: b.email,
    tel: b.tel,
    company_name: b.companyName,
    referral_source: b.referralSource,
    city: b.city,
    plan_type: b.planType,
    add_ons: addOnTypes(b.addOns),
    currency: b.currency,
    price_per_person: b.pricePerPerson,
    add_ons_total: b.addOnsTotal,
    total_price: b.totalPrice,
    date: b.date,
    meeting_time: b.meetingTime,
    utcDateTime: iso(b.utcDateTime),
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
          weapons_on: agg.game.weaponsOn,
          host_id: agg.game.hostId,
          added_challenges: agg.game.addedChallenges,
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
      price_per_person: p.pricePerPerson,
      add_ons: p.addOns,
      players: p.players,
      total_price: p.totalPrice,
    })),
    booking_payments: agg.payments.map((p) => ({
      id: p.id,
      payment_type: p.paymentType,
      payment_amount: p.paymentAmount,
      created_at: p.createdAt.toISOString(),
    })),
    source: inferSource(tracking),
    ...tracking,
  };
}
