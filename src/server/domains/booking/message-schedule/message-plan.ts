import { and, eq, gte, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { bookings } from '../tables/bookings';
import { messagePlans, scheduledMessages } from '../tables/scheduled-messages';
import { MESSAGE_KINDS, planMessages } from '../../../../shared/message-schedule';
import { todayIn } from '../../../../shared/time';
import type { PaymentMethod } from '../../../../shared/payments';
import { loadScheduleFacts, readReminderDays } from './message-facts';

export type ScheduleContext = { paymentMethod: PaymentMethod; now: Date };

/** Bookings whose game is further back than this are never planned (an install upgraded with old bookings stays quiet). */
const LOOK_BACK_DAYS = 3;
const BATCH = 50;

/**
 * Brings one booking's rows in line with its plan, in the caller's transaction (decision 0380). A waiting row moves to
 * its new due time (or is skipped when that is already past, or when the kind no longer applies); a kind already sent
 * or skipped for the same due time is left alone; a new due time gets a new row, skipped at once when already past
 * ("skipped if already past at booking"). Staff's skip holds for its due time. Answers false when the booking is gone.
 */
export async function replanBooking(tx: Tx, bookingId: number, ctx: ScheduleContext): Promise<boolean> {
  const facts = await loadScheduleFacts(tx, bookingId, ctx.paymentMethod);
  if (!facts) return false;
  const plan = planMessages(facts, await readReminderDays(tx));
  const rows = await tx.select().from(scheduledMessages).where(eq(scheduledMessages.bookingId, bookingId)).for('update');
  const now = ctx.now.getTime();
  for (const kind of MESSAGE_KINDS) {
    const planned = plan.find((m) => m.kind === kind);
    const waiting = rows.find((r) => r.kind === kind && r.status === 'scheduled');
    const at = planned?.dueAt;
    if (waiting && at && waiting.dueAt.getTime() === at.getTime()) continue;
    const same = at ? rows.find((r) => r.kind === kind && r.status !== 'scheduled' && r.dueAt.getTime() === at.getTime()) : undefined;
    if (waiting && at && at.getTime() >= now && !same) {
      await tx.update(scheduledMessages).set({ dueAt: at }).where(eq(scheduledMessages.id, waiting.id));
      continue;
    }
    if (waiting) {
      const reason = !at ? 'not_applicable' : at.getTime() < now ? 'past' : 'not_applicable';
      await tx.update(scheduledMessages).set({ status: 'skipped', skipReason: reason }).where(eq(scheduledMessages.id, waiting.id));
    }
    if (!at) continue;
    if (same) {
      // Skipped while it did not apply (unpaid, closed) and due again: it waits once more.
      if (same.status === 'skipped' && same.skipReason === 'not_applicable' && at.getTime() >= now) {
        await tx.update(scheduledMessages).set({ status: 'scheduled', skipReason: null }).where(eq(scheduledMessages.id, same.id));
      }
      continue;
    }
    const past = at.getTime() < now;
    await tx.insert(scheduledMessages).values({ bookingId, kind, dueAt: at, status: past ? 'skipped' : 'scheduled', skipReason: past ? 'past' : null });
  }
  await tx
    .insert(messagePlans)
    .values({ bookingId, plannedVersion: facts.version, plannedAt: ctx.now })
    .onConflictDoUpdate({ target: messagePlans.bookingId, set: { plannedVersion: facts.version, plannedAt: ctx.now } });
  return true;
}

/**
 * Plans every booking whose schedule is missing or older than its version (each change of a booking moves its version,
 * so a date move, a payment or a cancellation comes here). Each booking is planned under its row's lock, skipped when
 * another process (or a booking write) holds it: that one's next run plans it. Answers how many were planned.
 */
export async function planStaleBookings(db: Db, ctx: ScheduleContext): Promise<number> {
  const since = todayIn('UTC', new Date(ctx.now.getTime() - LOOK_BACK_DAYS * 86_400_000));
  const stale = await db
    .select({ id: bookings.id })
    .from(bookings)
    .leftJoin(messagePlans, eq(messagePlans.bookingId, bookings.id))
    .where(and(gte(bookings.date, since), or(isNull(messagePlans.bookingId), ne(messagePlans.plannedVersion, bookings.version))))
    .orderBy(bookings.id)
    .limit(BATCH);
  let planned = 0;
  for (const { id } of stale) if (await planIfStale(db, id, ctx)) planned++;
  return planned;
}

/**
 * Plans one booking if its schedule is older than its version, under its row's lock (skipped when another process
 * or a booking write holds it: that one plans it). The ticker's step, and the staff timeline's before it lists the
 * schedule, so a date just moved shows its new due times at once instead of after the next run (issue 36).
 */
export async function planIfStale(db: Db, bookingId: number, ctx: ScheduleContext): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: bookings.id, version: bookings.version })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update', { skipLocked: true });
    if (!locked) return false;
    const [plan] = await tx.select().from(messagePlans).where(eq(messagePlans.bookingId, bookingId));
    if (plan?.plannedVersion === locked.version) return false;
    return replanBooking(tx, bookingId, ctx);
  });
}

/** Every booking is planned again on the next run (staff changed the reminder days). */
export async function forgetPlans(tx: Tx): Promise<void> {
  await tx.delete(messagePlans).where(sql`true`);
}
