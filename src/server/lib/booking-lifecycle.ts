import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { bookingPayments, bookings, contactHistory } from '../db/schema/bookings';
import { challenges } from '../db/schema/challenges';
import { gameChallenges, gameInstances, games } from '../db/schema/games';
import { DETAIL_MESSAGES, refundTooHighMessage } from '../../shared/api/admin-booking-detail';
import { formatPence } from '../../shared/money';
import { isVoided, netPaid, paymentRemaining, statusAfterLedgerChange, type LedgerEntry } from '../../shared/payments';
import { recordActivity } from './activity';
import { queueGameLinksMail, type BookingMailer } from './booking-mails';
import { isUniqueViolation } from './db-errors';
import { newGameCode } from './codes';
import { ConflictError, NotFoundError, ValidationError } from './errors';

type LockedBooking = { id: number; status: string; currency: string; leadStatus: string };

async function lockForPayment(tx: DbOrTx, bookingId: number): Promise<LockedBooking> {
  const rows = await tx
    .select({ id: bookings.id, status: bookings.bookingStatus, currency: bookings.currency, leadStatus: bookings.leadStatus })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  if (!rows[0]) throw new NotFoundError('Booking not found');
  return rows[0];
}

/**
 * Records a payment (pence, in the booking's currency). The payment that makes the booking paid also
 * converts its lead (a paid booking is a won lead, logged with a history note) and creates its game,
 * with a new game code and the default challenges; later payments only add to the history.
 * When the booking becomes paid, the booker is mailed the game code, the players' join link and the private
 * management link (once: a later payment does not mail again); `mailer` null sends nothing (demo data, fixtures).
 * Call inside a transaction.
 */
export async function recordPayment(
  tx: DbOrTx,
  input: { bookingId: number; paymentType: string; paymentAmount: number; recordedBy: number | null },
  mailer: BookingMailer | null,
): Promise<{ paymentId: number; gameId: number; gameCode: string; createdGame: boolean; currency: string; statusBefore: string; statusAfter: string }> {
  const booking = await lockForPayment(tx, input.bookingId);
  const [payment] = await tx
    .insert(bookingPayments)
    .values({ bookingId: input.bookingId, paymentType: input.paymentType, paymentAmount: input.paymentAmount, currency: booking.currency, recordedBy: input.recordedBy })
    .returning({ id: bookingPayments.id });
  if (!payment) throw new Error('payment not recorded');
  const statusAfter = booking.status === 'completed' ? 'completed' : 'paid';
  if (statusAfter !== booking.status) {
    await tx.update(bookings).set({ bookingStatus: statusAfter, updatedAt: new Date() }).where(eq(bookings.id, input.bookingId));
    await convertLead(tx, booking, input.recordedBy);
  }
  const game = await ensureGame(tx, input.bookingId);
  if (statusAfter !== booking.status && mailer) await queueGameLinksMail(tx, mailer, input.bookingId, 'paid');
  return { paymentId: payment.id, ...game, currency: booking.currency, statusBefore: booking.status, statusAfter };
}

const CONVERTED_REASON = 'Booking paid';

async function convertLead(tx: DbOrTx, booking: LockedBooking, actorId: number | null): Promise<void> {
  if (booking.leadStatus === 'converted') return;
  await tx.update(bookings).set({ leadStatus: 'converted', leadStatusReason: CONVERTED_REASON, leadStatusChangedAt: new Date() }).where(eq(bookings.id, booking.id));
  await tx.insert(contactHistory).values({ bookingId: booking.id, type: 'note', note: `Lead status changed to converted: ${CONVERTED_REASON}`, authorId: actorId });
  await recordActivity(tx, {
    actorId,
    action: 'booking.lead_status',
    entityType: 'booking',
    entityId: booking.id,
    bookingId: booking.id,
    before: { lead_status: booking.leadStatus },
    after: { lead_status: 'converted', lead_status_reason: CONVERTED_REASON },
  });
}

export type Correction = { kind: 'void'; reason: string } | { kind: 'refund'; amount: number; reason: string };
export type CorrectionResult = {
  entryId: number;
  amount: number;
  currency: string;
  netBefore: number;
  netAfter: number;
  statusBefore: string;
  statusAfter: string;
};

/**
 * Voids or refunds one payment of a booking by adding a negative entry that names it (nothing is edited or
 * deleted). A void takes back what is left of the payment; a refund at most that. When nothing stays paid
 * net the booking is no longer paid, unless its game has started; its game is kept either way (0190).
 * Call inside a transaction.
 */
export async function correctPayment(tx: DbOrTx, input: { bookingId: number; paymentId: number; correction: Correction; recordedBy: number | null }): Promise<CorrectionResult> {
  const booking = await lockForPayment(tx, input.bookingId);
  const rows = await tx.select().from(bookingPayments).where(eq(bookingPayments.bookingId, input.bookingId));
  const ledger: LedgerEntry[] = rows.map((r) => ({ id: r.id, kind: r.kind, payment_amount: r.paymentAmount, corrects_payment_id: r.correctsPaymentId }));
  const target = rows.find((r) => r.id === input.paymentId);
  if (!target) throw new NotFoundError(DETAIL_MESSAGES.paymentNotFound);
  if (target.kind !== 'payment') throw ValidationError.field('payment', DETAIL_MESSAGES.onlyPayments);
  if (isVoided(ledger, target.id)) throw new ConflictError(DETAIL_MESSAGES.alreadyVoided);
  const left = paymentRemaining(ledger, target.id);
  if (left <= 0) throw new ConflictError(DETAIL_MESSAGES.nothingLeft);
  const { correction } = input;
  const amount = correction.kind === 'void' ? left : correction.amount;
  if (amount > left) throw ValidationError.field('amount', refundTooHighMessage(formatPence(left, target.currency)));
  const [entry] = await tx
    .insert(bookingPayments)
    .values({
      bookingId: input.bookingId,
      kind: correction.kind,
      paymentType: target.paymentType,
      paymentAmount: -amount,
      currency: target.currency,
      correctsPaymentId: target.id,
      reason: correction.reason,
      recordedBy: input.recordedBy,
    })
    .returning({ id: bookingPayments.id });
  if (!entry) throw new Error('correction not recorded');
  const netBefore = netPaid(ledger);
  const netAfter = netBefore - amount;
  const statusAfter = statusAfterLedgerChange(booking.status, netAfter, await gameStarted(tx, input.bookingId));
  if (statusAfter !== booking.status) {
    await tx.update(bookings).set({ bookingStatus: statusAfter, updatedAt: new Date() }).where(eq(bookings.id, input.bookingId));
  }
  return { entryId: entry.id, amount, currency: target.currency, netBefore, netAfter, statusBefore: booking.status, statusAfter };
}

async function gameStarted(tx: DbOrTx, bookingId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: gameInstances.id })
    .from(gameInstances)
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .where(eq(games.bookingId, bookingId))
    .limit(1);
  return rows.length > 0;
}

/** The booking's game, created on first need with an unused code and the default challenges. */
export async function ensureGame(tx: DbOrTx, bookingId: number): Promise<{ gameId: number; gameCode: string; createdGame: boolean }> {
  const existing = await tx.select({ id: games.id, code: games.code }).from(games).where(eq(games.bookingId, bookingId)).limit(1);
  if (existing[0]) return { gameId: existing[0].id, gameCode: existing[0].code, createdGame: false };
  for (let attempt = 0; ; attempt++) {
    try {
      const [game] = await tx.insert(games).values({ bookingId, code: newGameCode() }).returning({ id: games.id, code: games.code });
      if (!game) throw new Error('game not created');
      const defaults = await tx
        .select({ id: challenges.id })
        .from(challenges)
        .where(and(eq(challenges.isDefault, true), eq(challenges.isActive, true)))
        .orderBy(asc(challenges.id));
      if (defaults.length) {
        await tx.insert(gameChallenges).values(defaults.map((c, position) => ({ gameId: game.id, challengeId: c.id, position })));
      }
      return { gameId: game.id, gameCode: game.code, createdGame: true };
    } catch (error) {
      // 50 random bits make a clash vanishingly rare; retry a few times rather than fail a payment.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}
