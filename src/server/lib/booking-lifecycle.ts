import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { bookingPayments, bookings } from '../db/schema/bookings';
import { challenges } from '../db/schema/challenges';
import { gameChallenges, games } from '../db/schema/games';
import { queueGameLinksMail, type BookingMailer } from './booking-mails';
import { isUniqueViolation } from './db-errors';
import { newGameCode } from './codes';
import { NotFoundError } from './errors';

/**
 * Records a payment (pence). The first payment makes the booking paid and creates its game, with a
 * new game code and the default challenges; later payments only add to the history.
 * When the booking becomes paid, the booker is mailed the game code, the players' join link and the private
 * management link (once: a later payment does not mail again); `mailer` null sends nothing (demo data, fixtures).
 * Call inside a transaction.
 */
export async function recordPayment(
  tx: DbOrTx,
  input: { bookingId: number; paymentType: string; paymentAmount: number; recordedBy: number | null },
  mailer: BookingMailer | null,
): Promise<{ paymentId: number; gameId: number; gameCode: string; createdGame: boolean }> {
  const locked = await tx.select({ id: bookings.id, status: bookings.bookingStatus }).from(bookings).where(eq(bookings.id, input.bookingId)).for('update');
  if (!locked[0]) throw new NotFoundError('Booking not found');
  const [payment] = await tx
    .insert(bookingPayments)
    .values({ bookingId: input.bookingId, paymentType: input.paymentType, paymentAmount: input.paymentAmount, recordedBy: input.recordedBy })
    .returning({ id: bookingPayments.id });
  if (!payment) throw new Error('payment not recorded');
  const becomesPaid = locked[0].status !== 'paid' && locked[0].status !== 'completed';
  if (becomesPaid) {
    await tx.update(bookings).set({ bookingStatus: 'paid', updatedAt: new Date() }).where(eq(bookings.id, input.bookingId));
  }
  const game = await ensureGame(tx, input.bookingId);
  if (becomesPaid && mailer) await queueGameLinksMail(tx, mailer, input.bookingId, 'paid');
  return { paymentId: payment.id, ...game };
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
