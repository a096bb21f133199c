import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { bookingChanges, bookings } from './tables/bookings';
import { DETAIL_MESSAGES } from '../../../shared/api/admin-booking-detail';
import { PUBLIC_BOOKING_MESSAGES } from '../../../shared/api/public-booking';
import { recordActivity, type ActivityEntry } from '../identity';
import { loadBookingAggregate, type BookingAggregate } from './booking-record';
import { ConflictError, NotFoundError } from '../../platform/errors';
import type { Mailer, OutgoingMail } from '../../platform/mail';
import { gameOfBooking, syncDefaultStations } from '../game/records';
import { calendarMoved } from './booking-calendar';
import { assertHostFreeAfterMove } from './host-availability';
import { recordBookingEvents } from './booking-events';

import type { BookingRow, BookingValues } from './booking-row';

export type { BookingRow, BookingValues } from './booking-row';

/** Who writes: a staff member, the booker (by session, code or management key), or the system (a fixture, demo data). */
export type WriteActor = { source: 'staff'; userId: number } | { source: 'booker' } | { source: 'system'; userId: number | null };
type Source = WriteActor['source'];

/** A staff or system change, in the activity log: the action and the fields before and after, under their column names. */
export type StaffAudit = Omit<ActivityEntry, 'actorId' | 'bookingId' | 'entityType'> & { entityType?: 'booking' | 'game' | 'payment' };
/** A booker's change, in booking_changes: what the timeline reads in words (shared/timeline/describe.ts). */
export type BookerAudit = { fields: Record<string, unknown> };
export type AuditOf<S extends Source> = S extends 'booker' ? BookerAudit : StaffAudit;

export type BookingWrite<S extends Source = Source> = {
  tx: Tx;
  /** The booking as it was locked, before this write. */
  row: BookingRow;
  /** Changes columns of the booking now (so what runs next reads them); the version moves once, at the end. */
  update(values: BookingValues): Promise<void>;
  /** The one audit entry of this write. A write that records none is a no-op: nothing may be changed and the version stays. */
  audit(entry: AuditOf<S>): void;
  /** A change this write caused by rule (a payment converting the lead), logged beside the write's own entry. */
  consequence(entry: StaffAudit): void;
  /** Queues a mail about this booking in the same transaction: it goes out only if the write commits. */
  queueMail(mail: Omit<OutgoingMail, 'bookingId'>): Promise<void>;
  /**
   * Says this write changed the game's side of what its default item stations follow (the game was made, weapons
   * turned on or off), so they are brought in step once at the end; a change of the booking's plan, area or players
   * is seen by `update` itself.
   */
  gameChanged(): void;
  /**
   * A step to run last, just before the commit: work that takes a lock every write of its kind queues on (the year's
   * invoice counter, decision 0510), so that lock is held for the commit only, not for the rest of the write.
   */
  last(step: () => Promise<void>): void;
};

/** The booking's columns the default item stations follow (decision 0335): only a write that changes one syncs them. */
const STATION_INPUTS = ['planType', 'initialAreaLat', 'initialAreaLng', 'initialAreaRadius', 'players'] as const satisfies readonly (keyof BookingValues)[];

export type WriteOptions<S extends Source> = {
  actor: Extract<WriteActor, { source: S }>;
  /** The version the writer saw; a different one is refused with 409 and nothing is written. Undefined: not checked. */
  expectedVersion?: number | undefined;
  /** Who may: runs on the locked row before the version is compared, so a stranger learns nothing from a 409. */
  guard?: (row: BookingRow, tx: Tx) => Promise<void> | void;
  mailer?: Pick<Mailer, 'queue'> | null;
  /** The 404 and 409 texts; by default the booker's or the staff's, after the actor. */
  messages?: { notFound?: string; stale?: string };
};

const DEFAULT_MESSAGES = {
  booker: { notFound: PUBLIC_BOOKING_MESSAGES.bookingNotFound, stale: PUBLIC_BOOKING_MESSAGES.staleVersion },
  staff: { notFound: DETAIL_MESSAGES.notFound, stale: DETAIL_MESSAGES.stale },
  system: { notFound: DETAIL_MESSAGES.notFound, stale: DETAIL_MESSAGES.stale },
} as const;

/**
 * The one way to change a booking (decision 0210): locks its row (SELECT … FOR UPDATE), lets `guard` refuse, refuses a
 * stale version, runs `mutate`, then moves the version by exactly one and writes the one audit entry, all in one
 * transaction (a savepoint when `db` is already a transaction). Answers mutate's result and the booking as it now
 * stands, through the record loader. Only this file writes bookings.version.
 */
export async function withBooking<S extends Source, T>(
  db: DbOrTx,
  lookup: { id: number },
  options: WriteOptions<S>,
  mutate: (write: BookingWrite<S>) => Promise<T>,
): Promise<{ result: T; aggregate: BookingAggregate }> {
  const messages = { ...DEFAULT_MESSAGES[options.actor.source], ...options.messages };
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, lookup.id)).for('update');
    if (!row) throw new NotFoundError(messages.notFound);
    await options.guard?.(row, tx);
    if (options.expectedVersion !== undefined && options.expectedVersion !== row.version) throw new ConflictError(messages.stale);

    // Held in an object: closures assign these, which control-flow narrowing of a `let` would not see.
    // `current` is the row as this write has made it so far; `sequenceRaised` keeps the calendar bump to one per write.
    // `stationsMayMove`: whether the default stations' inputs changed, so the write syncs them (issue 36: every write
    // used to look the game up for it).
    const state: { entry: AuditOf<S> | null; changed: boolean; current: BookingRow; sequenceRaised: boolean; stationsMayMove: boolean } = {
      entry: null,
      changed: false,
      current: row,
      sequenceRaised: false,
      stationsMayMove: false,
    };
    const consequences: StaffAudit[] = [];
    const lastSteps: (() => Promise<void>)[] = [];
    const write: BookingWrite<S> = {
      tx,
      row,
      async update(values) {
        const next: BookingRow = { ...state.current, ...values };
        // A new time must leave the booking's host free for it (issue 31, decision 0391): refused before anything is written.
        await assertHostFreeAfterMove(tx, state.current, next);
        state.changed = true;
        // A new time, zone, length, meeting point or a cancellation raises the calendar invite's SEQUENCE (decision
        // 0374), here where every booking write passes, so the mails this write queues carry the raised one.
        const raise = !state.sequenceRaised && calendarMoved(state.current, next);
        const set: BookingValues & { calendarSequence?: number } = raise ? { ...values, calendarSequence: row.calendarSequence + 1 } : values;
        state.sequenceRaised ||= raise;
        state.stationsMayMove ||= STATION_INPUTS.some((column) => column in values && values[column] !== state.current[column]);
        state.current = next;
        if (Object.keys(set).length) await tx.update(bookings).set(set).where(eq(bookings.id, row.id));
      },
      audit(next) {
        if (state.entry) throw new Error('A booking write records exactly one audit entry');
        state.entry = next;
      },
      consequence(next) {
        consequences.push(next);
      },
      async queueMail(mail) {
        if (!options.mailer) throw new Error('This booking write was given no mailer');
        await options.mailer.queue(tx, { ...mail, bookingId: row.id });
      },
      gameChanged() {
        state.stationsMayMove = true;
      },
      last(step) {
        lastSteps.push(step);
      },
    };
    const result = await mutate(write);
    const entry = state.entry;
    if (entry) {
      await tx
        .update(bookings)
        .set({ version: row.version + 1, updatedAt: new Date() })
        .where(eq(bookings.id, row.id));
      // Consequences first, as they were logged before this path existed (the timeline orders one moment by id).
      for (const c of consequences) await recordAudit(tx, row.id, staffLike(options.actor), c);
      await recordAudit(tx, row.id, options.actor, entry);
      if (state.stationsMayMove) await followDefaultStations(tx, row.id);
      // What outside systems hear of this write (decision 0560): one outbox row each, delivered after the commit.
      await recordBookingEvents(tx, row, state.current, 'action' in entry ? entry.action : null, 'action' in entry ? entry.entityId : null);
    } else if (state.changed || consequences.length) {
      throw new Error('A booking write changed the booking without an audit entry');
    }
    const aggregate = await loadBookingAggregate(tx, { id: row.id });
    if (!aggregate) throw new NotFoundError(messages.notFound);
    for (const step of lastSteps) await step();
    return { result, aggregate };
  });
}

/**
 * A game with power-ups gets its default item stations, and they follow the booking's area and players until staff or
 * the host change one by hand (decision 0335). Every booking change comes through here; it runs for the writes that
 * change what they follow (the payment that makes the game and a weapons toggle say so with `gameChanged`; a new
 * plan, area or player count `update` sees), so this is the one place that keeps them in step.
 */
async function followDefaultStations(tx: Tx, bookingId: number): Promise<void> {
  const game = await gameOfBooking(tx, bookingId);
  if (!game?.weaponsOn || game.stationsEdited) return;
  const [b] = await tx
    .select({
      planType: bookings.planType,
      lat: bookings.initialAreaLat,
      lng: bookings.initialAreaLng,
      radius: bookings.initialAreaRadius,
      players: bookings.players,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (b) await syncDefaultStations(tx, game.id, { planType: b.planType, area: { lat: b.lat, lng: b.lng, radius: b.radius }, players: b.players });
}

/** A consequence is the system's doing on behalf of whoever wrote: logged with the staff member, or none. */
function staffLike(actor: WriteActor): WriteActor {
  return actor.source === 'booker' ? { source: 'system', userId: null } : actor;
}

/**
 * The one audit writer for bookings. Staff and system changes go to the activity log (with the acting user, or none
 * for the system); the booker's to booking_changes (source 'booker'), the shapes the booking timeline reads.
 */
async function recordAudit(tx: Tx, bookingId: number, actor: WriteActor, entry: StaffAudit | BookerAudit): Promise<void> {
  if ('fields' in entry) {
    await tx.insert(bookingChanges).values({ bookingId, source: actor.source, fields: entry.fields });
    return;
  }
  await recordActivity(tx, {
    ...entry,
    actorId: actor.source === 'booker' ? null : actor.userId,
    entityType: entry.entityType ?? 'booking',
    entityId: entry.entityId ?? bookingId,
    bookingId,
  });
}

/**
 * An erasure's write (issue 41, decision 0570): the person's columns replaced on their bookings, the version moved once
 * so an open tab's stale save is refused, and no audit entry: an entry's "before" would copy what is being erased (the
 * erasure is in the activity log as `person.erase`).
 */
export async function writeErasure(tx: Tx, ids: readonly number[], values: { [K in keyof BookingValues]: BookingValues[K] | SQL }): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(bookings)
    .set({ ...values, version: sql`${bookings.version} + 1`, updatedAt: new Date() })
    .where(inArray(bookings.id, [...ids]))
    .returning({ id: bookings.id });
  return rows.length;
}
