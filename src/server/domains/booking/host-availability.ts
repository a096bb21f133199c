import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { staffMember } from '../identity/records';
import { DETAIL_MESSAGES } from '../../../shared/api/admin-booking-detail';
import type { HostAvailability } from '../../../shared/api/host-time';
import { bookingGame } from '../game/records';
import { lockHost, travelMarginMinutes, unavailabilityMeeting } from '../identity';
import { hostClash, hostClashMessage, type HostClash, type HostGame, type TimeWindow } from '../../../shared/host-time';
import { bookedWindow } from '../../../shared/meeting-time';
import { API_DATE } from '../../../shared/time';
import { format } from 'date-fns';
import { bookings } from './tables/bookings';
import { isClosed } from '../../../shared/lifecycle/booking-states';
import type { BookingRow } from './booking-row';

/** Staff members as the identity domain lets others read them (decision 0545). */
const hostUser = staffMember('host_user');

/**
 * Hosts' time from the booking side (issue 31, decision 0376): the games each host is on, the rule of shared/host-time.ts
 * asked with them, and the 409 the booking write answers when a host is not free.
 */

type Schedule = Parameters<typeof bookedWindow>[0];

const DAY = 86_400_000;
// A booking's local date lies within a day of its UTC instant, and no game lasts a day: three days either side of
// the window hold every booking that can meet it, through the date index.
const dayAround = (at: Date, days: number) => format(new Date(at.getTime() + days * DAY), API_DATE);

/** The other games of these hosts near the window (not this booking, not a closed one), by host id. */
async function gamesOfHosts(db: DbOrTx, hostIds: number[], exceptBookingId: number, window: TimeWindow): Promise<Map<number, HostGame[]>> {
  const out = new Map<number, HostGame[]>();
  if (hostIds.length === 0) return out;
  const rows = await db
    .select({
      id: bookings.id,
      tempCode: bookings.tempCode,
      gameCode: bookingGame.code,
      assignedHostId: bookings.assignedHostId,
      bookingStatus: bookings.bookingStatus,
      leadStatus: bookings.leadStatus,
      utcDateTime: bookings.utcDateTime,
      date: bookings.date,
      meetingTime: bookings.meetingTime,
      timezone: bookings.timezone,
      duration: bookings.duration,
    })
    .from(bookings)
    .leftJoin(bookingGame, eq(bookingGame.bookingId, bookings.id))
    .where(
      and(
        ne(bookings.id, exceptBookingId),
        inArray(bookings.assignedHostId, hostIds),
        gte(bookings.date, dayAround(window.start, -3)),
        lte(bookings.date, dayAround(window.end, 3)),
      ),
    );
  for (const row of rows) {
    if (isClosed({ booking_status: row.bookingStatus, lead_status: row.leadStatus })) continue;
    const held = bookedWindow(row);
    if (!held) continue;
    // The booking's host (the one home of a game's host, issue 36) holds its time, before and after there is a game.
    const hostId = row.assignedHostId;
    if (hostId !== null && hostIds.includes(hostId)) out.set(hostId, [...(out.get(hostId) ?? []), { code: row.gameCode ?? row.tempCode, window: held }]);
  }
  return out;
}

/** What keeps each of these hosts from the booking's game (null: free), with the install's travel margin. */
export async function clashesFor(db: DbOrTx, booking: Schedule & { id: number }, hostIds: number[]): Promise<Map<number, HostClash | null>> {
  const window = bookedWindow(booking);
  const out = new Map<number, HostClash | null>(hostIds.map((id) => [id, null]));
  // A booking with no moment yet holds no time: nothing to clash with.
  if (!window) return out;
  // One after the other: inside a transaction the queries share one connection.
  const margin = await travelMarginMinutes(db);
  const games = await gamesOfHosts(db, hostIds, booking.id, { start: new Date(window.start.getTime() - DAY), end: new Date(window.end.getTime() + DAY) });
  const unavailable = await unavailabilityMeeting(db, hostIds, window);
  for (const id of hostIds) out.set(id, hostClash(window, { games: games.get(id) ?? [], unavailable: unavailable.get(id) ?? [] }, margin));
  return out;
}

/**
 * Inside the booking write, before a host is assigned: locks the host (two staff assigning them at once are taken in
 * turn, the second sees the first's game), then refuses with a 409 naming the other booking or the unavailable time.
 */
export async function assertHostFree(tx: DbOrTx, booking: Schedule & { id: number }, hostId: number): Promise<void> {
  await lockHost(tx, hostId);
  const clash = (await clashesFor(tx, booking, [hostId])).get(hostId);
  if (clash) throw new ConflictError(hostClashMessage(clash, booking.timezone));
}

/**
 * A booking moved in time (its date, meeting time, zone or length) keeps its host only if they are free at the new time
 * (issue 31): called by the booking write on every update, so the staff PATCH, the booker's own change and any later
 * path alike answer a 409 naming the other booking, and nothing is written. The same locked check as an assignment.
 */
export async function assertHostFreeAfterMove(tx: DbOrTx, before: BookingRow, after: BookingRow): Promise<void> {
  const was = bookedWindow(before);
  const next = bookedWindow(after);
  if (!next || (was && was.start.getTime() === next.start.getTime() && was.end.getTime() === next.end.getTime())) return;
  // A closed booking holds nobody's time (gamesOfHosts skips it too).
  if (isClosed({ booking_status: after.bookingStatus, lead_status: after.leadStatus })) return;
  if (after.assignedHostId !== null) await assertHostFree(tx, after, after.assignedHostId);
}

/** Every host with whether they are free for this booking's game, and why not (the staff picker, GET …/host-availability). */
export async function hostsAvailability(db: DbOrTx, bookingId: number): Promise<HostAvailability[]> {
  const [booking] = await db
    .select({
      id: bookings.id,
      utcDateTime: bookings.utcDateTime,
      date: bookings.date,
      meetingTime: bookings.meetingTime,
      timezone: bookings.timezone,
      duration: bookings.duration,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) throw new NotFoundError(DETAIL_MESSAGES.notFound);
  const hosts = await db
    .select({ id: hostUser.id, name: hostUser.name })
    .from(hostUser)
    .where(eq(hostUser.isHost, true))
    .orderBy(asc(hostUser.name), asc(hostUser.id));
  const clashes = await clashesFor(
    db,
    booking,
    hosts.map((h) => h.id),
  );
  return hosts.map((host) => {
    const clash = clashes.get(host.id) ?? null;
    return {
      id: host.id,
      name: host.name,
      available: clash === null,
      reason: clash ? hostClashMessage(clash, booking.timezone) : null,
      clash_code: clash?.kind === 'game' ? clash.code : null,
    };
  });
}
