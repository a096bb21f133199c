import { convertLead } from './booking-history';
import { ensureGame, gameHasStarted } from '../game/records';
import { paymentTypeLabel } from '../../../shared/api/admin-booking-detail';
import { minorToUnits } from '../../../shared/money';
import type { PriceFigures } from '../../../shared/price-breakdown';
import { refundLowersPrice, statusAfterLedgerChange, type RefundPurpose } from '../../../shared/payments';
import type { BookingWrite } from './booking-write';
import { queueCancellationMail, queueGameLinksMail, receiptMail, type BookingMailer } from './booking-mails';
import { TransitionError } from '../../platform/errors';
import { cancelBooking, moveBooking } from './booking-transitions';
import { closedPaymentMessage, hasPaid, isClosed } from '../../../shared/lifecycle/booking-states';
import { planHasPowerUps } from '../../../shared/plans';
import type { PaymentProvider } from '../../platform/payment-provider/payment-provider';
import {
  recordLedgerCorrection,
  recordLedgerPayment,
  type Correction,
  type LedgerBookingFacts,
  type LedgerPaymentInput,
  type LedgerPaymentResult,
  type LedgerWriteContext,
} from '../commerce/records';
import type { BookingRow } from './booking-row';

type PaymentInput = LedgerPaymentInput;
export type { Correction };

/**
 * Records a payment (pence, in the booking's currency) as one booking write (domains/booking/booking-write.ts), with its audit
 * entry 'payment.record'. The payment that makes the booking paid also converts its lead (a paid booking is a won
 * lead, logged as a consequence with a history note) and creates its game, with a new game code and the default
 * challenges; later payments only add to the history.
 * When the booking becomes paid, the booker is mailed the game code, the players' join link and the private
 * management link (once: a later payment does not mail again); `mailer` null sends nothing (demo data, fixtures).
 */
export async function recordPayment(
  write: BookingWrite<'staff' | 'system'>,
  input: PaymentInput,
  mailer: BookingMailer | null,
): Promise<{ paymentId: number; gameId: number; gameCode: string; createdGame: boolean; currency: string; statusBefore: string; statusAfter: string }> {
  const { paymentId, game, statusAfter } = await writePayment(write, input, mailer, true);
  if (!game) throw new Error('a confirming payment leaves the booking with its game');
  return { paymentId, ...game, currency: write.row.currency, statusBefore: write.row.bookingStatus, statusAfter };
}

/**
 * Records a payment that does not confirm the booking (decision 0505: a gift voucher under the deposit a card payer
 * must pay): the ledger entry, its invoice and receipt, its audit entry; the status stays, no game is made and no game
 * links are mailed until a payment confirms it. A paid booking takes it as any later payment.
 */
export async function recordPartPayment(
  write: BookingWrite<'staff' | 'system'>,
  input: PaymentInput,
  mailer: BookingMailer | null,
): Promise<{ paymentId: number }> {
  return { paymentId: (await writePayment(write, input, mailer, false)).paymentId };
}

async function writePayment(
  write: BookingWrite<'staff' | 'system'>,
  input: PaymentInput,
  mailer: BookingMailer | null,
  confirms: boolean,
): Promise<{ paymentId: number; game: { gameId: number; gameCode: string; createdGame: boolean } | null; statusAfter: string }> {
  assertOpenForPayment(write.row);
  // The entry and its invoice are the ledger's (commerce, decision 0545); its PDF is rendered and mailed after the commit (0510).
  const paid = await recordLedgerPayment(write.tx, ledgerContext(write, mailer), input);
  return afterPayment(write, input, paid, confirms, mailer);
}

/** A lost, trashed or cancelled booking is not revived by a payment: staff reopen it first (0190). */
export function assertOpenForPayment(booking: BookingRow): void {
  if (isClosed({ booking_status: booking.bookingStatus, lead_status: booking.leadStatus })) {
    throw new TransitionError({
      status: 409,
      code: 'booking_closed',
      message: closedPaymentMessage({ booking_status: booking.bookingStatus, lead_status: booking.leadStatus }),
    });
  }
}

/** What the ledger's writes take of the booking write: the booking's facts, whether documents are mailed, its last step. */
export function ledgerContext(write: BookingWrite<'staff' | 'system'>, mailer: BookingMailer | null): LedgerWriteContext {
  return { booking: invoicedBooking(write.row), mail: mailer !== null, defer: (step) => write.last(step), now: new Date() };
}

/**
 * The booking's reaction to a payment the ledger recorded (by hand, by the provider's webhook or by a gift voucher): the
 * receipt, and when it `confirms` the booking, the machine's `pay` (paid, the lead converted, the game made, the game
 * links mailed); its audit entry.
 */
export async function afterPayment(
  write: BookingWrite<'staff' | 'system'>,
  input: Pick<PaymentInput, 'paymentType' | 'paymentAmount' | 'recordedBy'>,
  paid: LedgerPaymentResult,
  confirms: boolean,
  mailer: BookingMailer | null,
): Promise<{ paymentId: number; game: { gameId: number; gameCode: string; createdGame: boolean } | null; statusAfter: string }> {
  const { tx, row: booking } = write;
  if (mailer)
    await queueReceipt(write, mailer, {
      kind: 'payment',
      amount: input.paymentAmount,
      currency: booking.currency,
      method: input.paymentType,
      paidNet: paid.paidAfter,
    });
  // A later payment of a paid or played booking changes no status; the first one that confirms is the machine's `pay`.
  const statusAfter = hasPaid(booking.bookingStatus) || !confirms ? booking.bookingStatus : 'paid';
  if (statusAfter !== booking.bookingStatus) {
    await moveBooking(write, 'paid', input.recordedBy === null ? 'system' : 'staff');
    await convertLead(write, CONVERTED_REASON, input.recordedBy);
  }
  // The game starts with the plan's weapons: on for a plan with power-ups, off for Standard (staff may toggle). A booking
  // not confirmed yet has no game (nor code) until the payment that confirms it.
  const game = hasPaid(statusAfter) ? await ensureGame(tx, booking.id, { weaponsOn: planHasPowerUps(booking.planType) }) : null;
  if (game?.createdGame) write.gameChanged();
  if (statusAfter !== booking.bookingStatus && mailer) await queueGameLinksMail(tx, mailer, booking.id, 'paid');
  write.audit({
    action: 'payment.record',
    entityType: 'payment',
    entityId: paid.paymentId,
    before: { booking_status: booking.bookingStatus },
    after: {
      booking_status: statusAfter,
      payment_type: input.paymentType,
      payment_amount: input.paymentAmount,
      currency: booking.currency,
      game_code: game?.gameCode ?? null,
      created_game: game?.createdGame ?? false,
      ...(confirms ? {} : { confirms: false }),
    },
  });
  return { paymentId: paid.paymentId, game, statusAfter };
}

const CONVERTED_REASON = 'Booking paid';

/** What an invoice reads of the booking (commerce/records.ts): its stored prices, the booker and the reference. */
function invoicedBooking(b: BookingRow): LedgerBookingFacts {
  return {
    id: b.id,
    currency: b.currency,
    fullName: b.fullName,
    email: b.email,
    tempCode: b.tempCode,
    planType: b.planType,
    players: b.players,
    addOns: b.addOns.map((a) => (typeof a === 'string' ? a : a.type)),
    pricePerPersonMinor: b.pricePerPersonMinor,
    addOnsTotalMinor: b.addOnsTotalMinor,
    discountTotalMinor: b.discountTotalMinor,
    discountCode: b.discountCode,
    totalPriceMinor: b.totalPriceMinor,
  };
}

/** The booking's price lines for its receipt, up to the total the receipt names (a concession's lower total shows as an adjustment). */
function receiptPrice(b: BookingRow, totalMinor: number): PriceFigures {
  return {
    currency: b.currency,
    players: b.players,
    price_per_person: minorToUnits(b.pricePerPersonMinor),
    add_ons_total: minorToUnits(b.addOnsTotalMinor),
    discount_total: minorToUnits(b.discountTotalMinor),
    total_price: minorToUnits(totalMinor),
    discount_code: b.discountCode,
  };
}

/** Every payment and refund gets a receipt (0250), with what is paid net after it and what is still due. */
async function queueReceipt(
  write: BookingWrite<'staff' | 'system'>,
  mailer: BookingMailer,
  entry: { kind: 'payment' | 'refund'; amount: number; currency: string; method: string; paidNet: number; totalPence?: number },
): Promise<void> {
  const { tx, row: booking } = write;
  // A refund that lowered the price (0505) passes the new total: the row in hand is the one before it.
  const totalMinor = entry.totalPence ?? booking.totalPriceMinor;
  const mail = receiptMail(
    {
      email: booking.email,
      fullName: booking.fullName,
      tempCode: booking.tempCode,
      date: booking.date,
      timezone: booking.timezone,
      amount: entry.amount,
      currency: entry.currency,
      paidNet: entry.paidNet,
      total: totalMinor,
      price: receiptPrice(booking, totalMinor),
      method: paymentTypeLabel(entry.method),
      at: new Date(),
      language: booking.language,
    },
    entry.kind,
  );
  await mailer.mail.queue(tx, { ...mail, bookingId: booking.id });
}

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
 * deleted), as one booking write with its audit entry 'payment.void' or 'payment.refund', logged with the status it
 * leaves. A void takes back what is left of the payment; a refund at most that. When nothing stays paid
 * net the booking is no longer paid, unless its game has started; its game is kept either way (0190).
 */
export async function correctPayment(
  write: BookingWrite<'staff' | 'system'>,
  input: { paymentId: number; correction: Correction; recordedBy: number | null },
  mailer: BookingMailer | null = null,
  provider: PaymentProvider | null = null,
): Promise<CorrectionResult> {
  const { row: booking } = write;
  const { correction } = input;
  // The entry, the provider's refund, the voucher's balance and the credit note are the ledger's (decision 0545).
  const done = await recordLedgerCorrection(write.tx, ledgerContext(write, mailer), { ...input, provider });
  const { amount, purpose, netBefore, netAfter, totalBefore, totalAfter } = done;
  const lowers = purpose !== null && refundLowersPrice(purpose);
  if (lowers) await write.update({ totalPriceMinor: totalAfter });
  // A void takes back a slip of the hand (nothing moved); a refund gave money back: the booker gets a receipt.
  if (mailer && correction.kind === 'refund')
    await queueReceipt(write, mailer, { kind: 'refund', amount, currency: done.currency, method: done.paymentType, paidNet: netAfter, totalPence: totalAfter });
  const statusAfter = await statusAfterCorrection(write, { purpose, netAfter, by: input.recordedBy === null ? 'system' : 'staff' }, mailer);
  write.audit({
    action: `payment.${correction.kind}`,
    entityType: 'payment',
    entityId: done.entryId,
    before: { booking_status: booking.bookingStatus, net_paid: netBefore, ...(lowers ? { total_price: minorToUnits(totalBefore) } : {}) },
    after: {
      booking_status: statusAfter,
      net_paid: netAfter,
      payment_id: input.paymentId,
      amount,
      currency: done.currency,
      reason: correction.reason,
      ...(purpose ? { purpose } : {}),
      ...(lowers ? { total_price: minorToUnits(totalAfter) } : {}),
    },
  });
  return { entryId: done.entryId, amount, currency: done.currency, netBefore, netAfter, statusBefore: booking.bookingStatus, statusAfter };
}

/**
 * The booking's state after a void or refund (0505): a concession keeps it as it is (the game still happens, even when
 * it is now free); a cancellation before the game cancels it and mails the booker (after the game it was an unplayed
 * part: the state stays); a void or correction follows the ledger (0190).
 */
async function statusAfterCorrection(
  write: BookingWrite<'staff' | 'system'>,
  input: { purpose: RefundPurpose | null; netAfter: number; by: 'staff' | 'system' },
  mailer: BookingMailer | null,
): Promise<string> {
  const { tx, row: booking } = write;
  if (input.purpose === 'concession') return booking.bookingStatus;
  const started = await gameHasStarted(tx, { bookingId: booking.id });
  if (input.purpose === 'cancellation') {
    const open = !isClosed({ booking_status: booking.bookingStatus, lead_status: booking.leadStatus });
    if (started || !open || booking.bookingStatus === 'completed') return booking.bookingStatus;
    await cancelBooking(write, input.by);
    if (mailer) await queueCancellationMail(tx, mailer, booking.id);
    return 'cancelled';
  }
  const statusAfter = statusAfterLedgerChange(booking.bookingStatus, input.netAfter, started);
  if (statusAfter !== booking.bookingStatus && (statusAfter === 'lead' || statusAfter === 'paid')) await moveBooking(write, statusAfter, input.by);
  return statusAfter;
}
