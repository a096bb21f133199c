import type { Db, Tx } from '../../../platform/db/client';
import { loadBookingAggregate, toAdminBooking } from '../booking-record';
import { withBooking, type BookingRow, type BookingValues, type BookingWrite } from '../booking-write';
import { correctPayment, recordPayment, type Correction } from '../booking-lifecycle';
import type { PaymentProvider } from '../../../platform/payment-provider/payment-provider';
import { loadHeartbeatRows, resumeGame as resumeLiveGame, startGame as startLiveGame } from '../../game';
import { gameOfBooking, updateGame } from '../../game/records';
import { assertBookingTransition, stateOfRow } from '../booking-transitions';
import { NotFoundError, TransitionError, ValidationError } from '../../../platform/errors';
import { BOOKING_LIFECYCLE_MESSAGES, REOPENED_LEAD_STATUS } from '../../../../shared/lifecycle/booking-states';
import type { Mailer } from '../../../platform/mail';
import {
  hidingSpotMail,
  queueCancellationMail,
  queueGameLinksMail,
  queueHostChangeMails,
  queueHostDateMovedMail,
  sectionsLockedMail,
  type BookingMailer,
} from '../booking-mails';
import type { AdminBooking, ContactType, LeadStatus } from '../../../../shared/api/booking';
import {
  DETAIL_MESSAGES,
  LOCK_LABELS,
  LOCK_SECTIONS,
  type DetailPatchBody,
  type Heartbeat,
  type LockSection,
} from '../../../../shared/api/admin-booking-detail';
import { isStartInPast, isValidTimeZone, utcToLocal } from '../../../../shared/time';
import { chickenLink } from '../../../../shared/booking-links';
import { assertHostFree } from '../host-availability';
import { snakeKey } from '../../../../shared/timeline/field-values';
import { bookingExists, findUser, insertContact } from './admin-booking-detail-repository';

type Actor = { id: number };
type Change = { actor: Actor; bookingId: number; version?: number | undefined };

async function loadAdminBooking(db: Db | Tx, id: number): Promise<AdminBooking> {
  const agg = await loadBookingAggregate(db, { id });
  if (!agg) throw new NotFoundError(DETAIL_MESSAGES.notFound);
  return toAdminBooking(agg);
}

export function getBooking(db: Db, id: number): Promise<AdminBooking> {
  return loadAdminBooking(db, id);
}

/**
 * One staff change through the booking write path (domains/booking/booking-write.ts): the row locked, a stale version refused
 * (409, nothing written), one version step and one activity entry, mails in the same transaction; answers the record
 * as it now stands.
 */
async function change<T>(
  db: Db,
  input: Change,
  run: (write: BookingWrite<'staff'>) => Promise<T>,
  mail: Mailer | null = null,
): Promise<{ result: T; booking: AdminBooking }> {
  const { result, aggregate } = await withBooking(
    db,
    { id: input.bookingId },
    { actor: { source: 'staff', userId: input.actor.id }, expectedVersion: input.version, mailer: mail },
    run,
  );
  return { result, booking: toAdminBooking(aggregate) };
}

function codeOf(row: BookingRow, gameCode: string | undefined): string {
  return gameCode ?? row.tempCode;
}

export async function patchBooking(db: Db, mailer: BookingMailer, input: Change & { body: DetailPatchBody; now?: Date }): Promise<AdminBooking> {
  const { body } = input;
  const now = input.now ?? new Date();
  const { booking } = await change(
    db,
    input,
    async (write) => {
      const { tx, row } = write;
      let dateMoved = false;
      let hostChange: { newHostId: number; previousHostId: number | null } | null = null;
      let values: BookingValues;
      let action: string;
      let before: Record<string, unknown>;
      if (body.admin_general_notes !== undefined) {
        const notes = body.admin_general_notes?.trim() ? body.admin_general_notes : null;
        values = { adminGeneralNotes: notes };
        action = 'booking.general_notes';
        before = { admin_general_notes: row.adminGeneralNotes };
      } else if (body.utcDateTime !== undefined) {
        const zone = body.timezone ?? '';
        if (!isValidTimeZone(zone)) throw ValidationError.field('timezone', DETAIL_MESSAGES.invalidTimezone);
        const local = utcToLocal(body.utcDateTime, zone);
        if (!local) throw ValidationError.field('utcDateTime', DETAIL_MESSAGES.invalidDateTime);
        values = { utcDateTime: new Date(body.utcDateTime), timezone: zone, date: local.date, meetingTime: local.time };
        action = 'booking.date_time';
        const moved = row.utcDateTime?.getTime() !== new Date(body.utcDateTime).getTime() || row.timezone !== zone;
        // A start in the past is a correction staff confirm (0160); the customer is never mailed a date gone by.
        const past = isStartInPast(body.utcDateTime, now);
        if (moved && past && body.confirm_past !== true) throw ValidationError.field('utcDateTime', DETAIL_MESSAGES.pastStart);
        dateMoved = moved && !past;
        before = { utcDateTime: row.utcDateTime?.toISOString() ?? null, timezone: row.timezone, date: row.date, meeting_time: row.meetingTime };
      } else if (body.assigned_host_id !== undefined) {
        const host = await findUser(tx, body.assigned_host_id);
        if (!host?.isHost) throw ValidationError.field('assigned_host_id', DETAIL_MESSAGES.selectHost);
        values = { assignedHostId: host.id };
        // One host per booking and its game (issue 28), kept in one place, the booking (issue 36): the host replaced
        // no longer runs the game and every screen names the same host.
        // A host newly given this game must be free for it (issue 31); saving the same host again checks nothing.
        if (host.id !== row.assignedHostId) await assertHostFree(tx, row, host.id);
        hostChange = { newHostId: host.id, previousHostId: row.assignedHostId };
        action = 'booking.assign_host';
        before = { assigned_host_id: row.assignedHostId };
      } else if (body.meeting_point_address !== undefined) {
        values = { meetingPointAddress: body.meeting_point_address, meetingPointStatus: 'confirmed', meetingPointOwner: 'admin' };
        action = 'booking.meeting_point';
        before = { meeting_point_address: row.meetingPointAddress, meeting_point_status: row.meetingPointStatus, meeting_point_owner: row.meetingPointOwner };
      } else if (body.hiding_spot_address !== undefined) {
        const address = body.hiding_spot_address;
        values = { hidingSpotAddress: address, hidingSpotStatus: 'confirmed', hidingSpotOwner: 'admin' };
        action = 'booking.hiding_spot';
        before = { hiding_spot_address: row.hidingSpotAddress, hiding_spot_status: row.hidingSpotStatus, hiding_spot_owner: row.hidingSpotOwner };
        const game = await gameOfBooking(tx, row.id);
        await write.queueMail(hidingSpotMail(row, address, codeOf(row, game?.code), game ? chickenLink(mailer.baseUrl, game.code, game.chickenKey) : null));
      } else if (body.language !== undefined) {
        values = { language: body.language };
        action = 'booking.language';
        before = { language: row.language };
      } else {
        throw ValidationError.field('_', DETAIL_MESSAGES.exactlyOne);
      }
      await write.update(values);
      write.audit({ action, before, after: afterOf(values) });
      // The booker hears of a new date or time with their code and links; saving the same moment again mails nothing.
      if (dateMoved) await queueGameLinksMail(tx, mailer, row.id, 'date_changed');
      // So does the game's host, or they turn up at the old time (issue 36).
      if (dateMoved) await queueHostDateMovedMail(tx, mailer, { bookingId: row.id, hostId: row.assignedHostId });
      // The host hears of the game (and the one replaced that they are free); assigning the same host again mails nothing.
      if (hostChange) await queueHostChangeMails(tx, mailer, { bookingId: row.id, ...hostChange });
    },
    mailer.mail,
  );
  return booking;
}

/** Logged under the column names, like `before`, so one field is never written under two keys. */
function afterOf(values: BookingValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) out[snakeKey(key)] = value instanceof Date ? value.toISOString() : value;
  return out;
}

export async function addNote(db: Db, input: Change & { note: string; type: ContactType }): Promise<AdminBooking> {
  const { booking } = await change(db, input, async ({ tx, row, audit }) => {
    await insertContact(tx, { bookingId: row.id, type: input.type, note: input.note, authorId: input.actor.id });
    audit({ action: 'booking.note', after: { type: input.type, note: input.note } });
  });
  return booking;
}

/** The server writes the contact note 'Lead status changed to X: reason' itself, in the same transaction. */
export async function changeLeadStatus(db: Db, mailer: BookingMailer, input: Change & { leadStatus: LeadStatus; reason: string }): Promise<AdminBooking> {
  const { booking } = await change(db, input, async ({ tx, row, update, audit }) => {
    // Marking a lead lost or trash closes it, and an open status reopens it: both are transitions of the machine.
    const to = stateOfRow({ bookingStatus: row.bookingStatus, leadStatus: input.leadStatus });
    if (to !== stateOfRow(row)) assertBookingTransition(row, to, 'staff');
    await update({ leadStatus: input.leadStatus, leadStatusReason: input.reason, leadStatusChangedAt: new Date() });
    await insertContact(tx, { bookingId: row.id, type: 'note', note: `Lead status changed to ${input.leadStatus}: ${input.reason}`, authorId: input.actor.id });
    audit({
      action: 'booking.lead_status',
      before: { lead_status: row.leadStatus, lead_status_reason: row.leadStatusReason },
      after: { lead_status: input.leadStatus, lead_status_reason: input.reason },
    });
    // A booking marked lost is off: its booker hears so, with a CANCEL of the calendar event their earlier mails
    // carried (decision 0373). One put in the trash is junk by staff's judgement (spam, a test): nobody is mailed.
    if (to === 'closed' && stateOfRow(row) !== 'closed' && input.leadStatus === 'lost') await queueCancellationMail(tx, mailer, row.id);
  });
  return booking;
}

/** Starts the booking's game once: its lobby goes live, or a live instance from now (domains/game/game-lifecycle.ts). */
export async function startGame(db: Db, input: Change): Promise<{ code: string }> {
  const { result } = await change(db, input, async (write) => {
    const { code } = await startLiveGame(write, 'staff');
    return { code };
  });
  return result;
}

/** Resumes the booking's game ended by hand less than 30 minutes ago (domains/game/game-lifecycle.ts); the booking is paid again. */
export async function resumeGame(db: Db, input: Change): Promise<AdminBooking> {
  const game = await gameOfBooking(db, input.bookingId);
  if (!game) {
    if (!(await bookingExists(db, input.bookingId))) throw new NotFoundError(DETAIL_MESSAGES.notFound);
    throw ValidationError.field('game', DETAIL_MESSAGES.noGame);
  }
  await resumeLiveGame(db, { gameId: game.id, bookingId: input.bookingId, actorId: input.actor.id, by: 'staff' });
  return loadAdminBooking(db, input.bookingId);
}

/**
 * Reopens a closed booking (a lead marked lost or trash, or a cancelled booking): the machine's `reopen`. Its lead
 * becomes 'contacted' with the reason, noted in its history; a cancelled booking becomes a lead. Then payments are
 * taken again (decision 0190).
 */
export async function reopenBooking(db: Db, input: Change & { reason: string }): Promise<AdminBooking> {
  const { booking } = await change(db, input, async ({ tx, row, update, audit }) => {
    if (stateOfRow(row) !== 'closed') throw new TransitionError({ status: 409, code: 'transition_not_allowed', message: BOOKING_LIFECYCLE_MESSAGES.notClosed });
    const to = row.bookingStatus === 'enquiry' ? 'enquiry' : 'lead';
    assertBookingTransition(row, to, 'staff');
    await update({ bookingStatus: to, leadStatus: REOPENED_LEAD_STATUS, leadStatusReason: input.reason, leadStatusChangedAt: new Date() });
    await insertContact(tx, {
      bookingId: row.id,
      type: 'note',
      note: `Booking reopened (lead status changed to ${REOPENED_LEAD_STATUS}): ${input.reason}`,
      authorId: input.actor.id,
    });
    audit({
      action: 'booking.reopen',
      before: { booking_status: row.bookingStatus, lead_status: row.leadStatus, lead_status_reason: row.leadStatusReason },
      after: { booking_status: to, lead_status: REOPENED_LEAD_STATUS, lead_status_reason: input.reason },
    });
  });
  return booking;
}

export async function emergencyChangeHost(db: Db, mailer: BookingMailer, input: Change & { hostId: number }): Promise<AdminBooking> {
  const { booking } = await change(
    db,
    input,
    async ({ tx, row, update, audit }) => {
      const game = await gameOfBooking(tx, row.id, 'lock');
      if (!game) throw ValidationError.field('game', DETAIL_MESSAGES.noGame);
      const user = await findUser(tx, input.hostId);
      if (!user) throw ValidationError.field('host_id', DETAIL_MESSAGES.userNotFound);
      if (!user.isHost) throw ValidationError.field('host_id', DETAIL_MESSAGES.notAHost);
      if (user.id !== row.assignedHostId) await assertHostFree(tx, row, user.id);
      await update({ assignedHostId: user.id });
      audit({
        action: 'game.emergency_host_change',
        entityType: 'game',
        entityId: game.id,
        subjectUserId: user.id,
        before: { assigned_host_id: row.assignedHostId },
        after: { assigned_host_id: user.id },
      });
      await queueHostChangeMails(tx, mailer, { bookingId: row.id, newHostId: user.id, previousHostId: row.assignedHostId });
    },
    mailer.mail,
  );
  return booking;
}

export async function toggleWeapons(db: Db, input: Change & { weaponsOn: boolean }): Promise<AdminBooking> {
  const { booking } = await change(db, input, async ({ tx, row, audit, gameChanged }) => {
    const game = await gameOfBooking(tx, row.id, 'lock');
    if (!game) throw ValidationError.field('game', DETAIL_MESSAGES.noGame);
    await updateGame(tx, game.id, { weaponsOn: input.weaponsOn });
    gameChanged();
    audit({ action: 'game.weapons', entityType: 'game', entityId: game.id, before: { weapons_on: game.weaponsOn }, after: { weapons_on: input.weaponsOn } });
  });
  return booking;
}

export async function recordBookingPayment(
  db: Db,
  mailer: BookingMailer,
  input: Change & { paymentType: string; paymentAmount: number },
): Promise<AdminBooking> {
  const { booking } = await change(db, input, (write) =>
    recordPayment(write, { paymentType: input.paymentType, paymentAmount: input.paymentAmount, recordedBy: input.actor.id }, mailer),
  );
  return booking;
}

/** Voids or refunds one payment: a new entry of the ledger, logged with the status it leaves (0190); card payments through the provider (0250). */
export async function correctBookingPayment(
  db: Db,
  payments: { mailer: BookingMailer; provider: PaymentProvider | null },
  input: Change & { paymentId: number; correction: Correction },
): Promise<AdminBooking> {
  const { booking } = await change(db, input, (write) =>
    correctPayment(write, { paymentId: input.paymentId, correction: input.correction, recordedBy: input.actor.id }, payments.mailer, payments.provider),
  );
  return booking;
}

const LOCK_COLUMNS = {
  locations: 'lockedLocations',
  challenges: 'lockedChallenges',
  game_area: 'lockedGameArea',
  chicken: 'lockedChicken',
  host: 'lockedHost',
  teams: 'lockedTeams',
} as const satisfies Record<LockSection, keyof BookingRow>;

/** Locks or unlocks sections of the booker's page; the booker hears by email about sections newly locked. */
export async function updateLocks(db: Db, mail: Mailer, input: Change & { locks: Partial<Record<LockSection, boolean>> }): Promise<AdminBooking> {
  const { booking } = await change(
    db,
    input,
    async (write) => {
      const { tx, row } = write;
      const values: BookingValues = {};
      const before: Record<string, boolean> = {};
      const after: Record<string, boolean> = {};
      const newlyLocked: string[] = [];
      for (const section of LOCK_SECTIONS) {
        const wanted = input.locks[section];
        if (wanted === undefined) continue;
        const column = LOCK_COLUMNS[section];
        before[section] = row[column];
        after[section] = wanted;
        values[column] = wanted;
        if (wanted && !row[column]) newlyLocked.push(LOCK_LABELS[section]);
      }
      await write.update(values);
      if (newlyLocked.length) {
        const game = await gameOfBooking(tx, row.id);
        await write.queueMail(sectionsLockedMail(row, codeOf(row, game?.code), newlyLocked));
      }
      write.audit({ action: 'booking.locks', before, after });
    },
    mail,
  );
  return booking;
}

/** The live status of the booking's game, read from its instances, teams, players and submissions. */
export async function heartbeat(db: Db, bookingId: number, now: Date = new Date()): Promise<Heartbeat> {
  const game = await gameOfBooking(db, bookingId);
  if (!game) {
    if (!(await bookingExists(db, bookingId))) throw new NotFoundError(DETAIL_MESSAGES.notFound);
    return { game_code: null, live_instances_count: 0, instances: [] };
  }
  const rows = await loadHeartbeatRows(db, game.id);
  const counts = new Map(rows.counts.map((c) => [c.instanceId, c.n]));
  const latest = new Map(rows.latest.map((l) => [l.instanceId, l]));
  return {
    game_code: game.code,
    live_instances_count: rows.instances.filter((i) => i.status === 'live').length,
    instances: rows.instances.map((instance) => {
      const last = latest.get(instance.id);
      const end = instance.endTime ?? now;
      return {
        id: instance.id,
        status: instance.status,
        start_time: instance.startTime.toISOString(),
        end_time: instance.endTime?.toISOString() ?? null,
        // A lobby has not started: its time is the players' wait, not the game's.
        duration: instance.status === 'lobby' ? 0 : Math.max(0, Math.floor((end.getTime() - instance.startTime.getTime()) / 60_000)),
        submissions_count: counts.get(instance.id) ?? 0,
        latest_submission: last
          ? { team_name: last.teamName, submitted_at: last.submittedAt.toISOString(), status: last.status, points_awarded: last.pointsAwarded }
          : null,
        latest_area: instance.latestArea ?? null,
        players: rows.players.filter((p) => p.instanceId === instance.id).map((p) => ({ id: p.id, name: p.name, ready: p.ready })),
        teams: rows.teams.get(instance.id) ?? [],
      };
    }),
  };
}
