import { bookingPayments } from './tables/bookings';
import { convertLead } from './booking-history';
import { ledgerOf } from './booking-lookups';
import { ensureGame, gameHasStarted } from '../game/records';
import {
  concessionTooHighMessage,
  DETAIL_MESSAGES,
  paymentTypeLabel,
  REFUND_PURPOSE_DOCUMENT_TEXT,
  refundTooHighMessage,
} from '../../../shared/api/admin-booking-detail';
import { formatPence, minorToUnits } from '../../../shared/money';
import type { PriceFigures } from '../../../shared/price-breakdown';
import {
  isVoided,
  netPaid,
  paymentRemaining,
  refundLowersPrice,
  statusAfterLedgerChange,
  type LedgerEntry,
  type RefundPurpose,
} from '../../../shared/payments';
import type { BookingWrite } from './booking-write';
import { queueCancellationMail, queueGameLinksMail, receiptMail, type BookingMailer } from './booking-mails';
import { ConflictError, NotFoundError, TransitionError, UpstreamError, ValidationError } from '../../platform/errors';
import { cancelBooking, moveBooking } from './booking-transitions';
import { closedPaymentMessage, hasPaid, isClosed } from '../../../shared/lifecycle/booking-states';
import { planHasPowerUps } from '../../../shared/plans';
import { ProviderError, type PaymentProvider } from '../../platform/payment-provider/payment-provider';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import { issueLedgerDocument, refundToVoucher, type LedgerBookingFacts } from '../commerce/records';
import { VOUCHER_PAYMENT_TYPE } from '../../../shared/commerce/gift-vouchers';
import type { BookingRow } from './booking-row';

type PaymentInput = { paymentType: string; paymentAmount: number; recordedBy: number | null; provider?: string; providerReference?: string };

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
  const { tx, row: booking } = write;
  // A lost, trashed or cancelled booking is not revived by a payment: staff reopen it first (0190).
  if (isClosed({ booking_status: booking.bookingStatus, lead_status: booking.leadStatus })) {
    throw new TransitionError({
      status: 409,
      code: 'booking_closed',
      message: closedPaymentMessage({ booking_status: booking.bookingStatus, lead_status: booking.leadStatus }),
    });
  }
  const [payment] = await tx
    .insert(bookingPayments)
    .values({
      bookingId: booking.id,
      paymentType: input.paymentType,
      paymentAmount: input.paymentAmount,
      currency: booking.currency,
      recordedBy: input.recordedBy,
      provider: input.provider ?? null,
      providerReference: input.providerReference ?? null,
    })
    .returning({ id: bookingPayments.id });
  if (!payment) throw new Error('payment not recorded');
  // Its invoice, recorded in this transaction (decision 0411); its PDF is rendered and mailed after the commit (0510).
  const earlier = (await ledgerOf(tx, booking.id)).filter((r) => r.id !== payment.id);
  await issueLedgerDocument(tx, {
    booking: invoicedBooking(booking),
    entry: { id: payment.id, kind: 'payment', amount: input.paymentAmount, paymentType: input.paymentType, correctsPaymentId: null, reason: null },
    earlier,
    now: new Date(),
    mail: mailer !== null,
    defer: (step) => write.last(step),
  });
  if (mailer) await queueReceipt(write, mailer, { kind: 'payment', amount: input.paymentAmount, currency: booking.currency, method: input.paymentType });
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
    entityId: payment.id,
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
  return { paymentId: payment.id, game, statusAfter };
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
  entry: { kind: 'payment' | 'refund'; amount: number; currency: string; method: string; totalPence?: number },
): Promise<void> {
  const { tx, row: booking } = write;
  const rows = await ledgerOf(tx, booking.id);
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
      paidNet: rows.reduce((sum, r) => sum + r.paymentAmount, 0),
      total: totalMinor,
      price: receiptPrice(booking, totalMinor),
      method: paymentTypeLabel(entry.method),
      at: new Date(),
    },
    entry.kind,
  );
  await mailer.mail.queue(tx, { ...mail, bookingId: booking.id });
}

export type Correction = { kind: 'void'; reason: string } | { kind: 'refund'; amount: number; reason: string; purpose: RefundPurpose };

/**
 * A payment the provider took is given back through the provider, before the ledger entry is written in the same
 * transaction (decision 0250): if the provider refuses, nothing is written. It cannot be voided: money moved.
 */
async function refundAtProvider(
  provider: PaymentProvider | null,
  target: { id: number; provider: string | null; providerReference: string | null },
  kind: Correction['kind'],
  amount: number,
  left: number,
): Promise<{ provider: string; reference: string }> {
  if (kind === 'void') throw ValidationError.field('payment', PAYMENT_MESSAGES.voidProviderPayment);
  if (!provider || provider.name !== target.provider || !target.providerReference) throw new ConflictError(PAYMENT_MESSAGES.providerNotConfigured);
  try {
    const session = await provider.retrieveCheckout(target.providerReference);
    if (!session.paymentId) throw new ProviderError(`checkout ${session.id} has no payment`);
    // The same refund asked twice while nothing changed is one refund at the provider.
    const refund = await provider.refund({ paymentId: session.paymentId, amount, idempotencyKey: `hatch-refund-${target.id}-${left}-${amount}` });
    return { provider: provider.name, reference: refund.id };
  } catch (error) {
    if (error instanceof ProviderError) throw new UpstreamError(PAYMENT_MESSAGES.refundProviderFailed);
    throw error;
  }
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
  const { tx, row: booking } = write;
  const rows = await ledgerOf(tx, booking.id);
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
  const purpose = correction.kind === 'refund' ? correction.purpose : null;
  // A concession or a cancellation lowers the price by what it gives back (0505), never below nothing.
  const totalBefore = booking.totalPriceMinor;
  const lowers = purpose !== null && refundLowersPrice(purpose);
  if (lowers && amount > totalBefore) throw ValidationError.field('amount', concessionTooHighMessage(formatPence(totalBefore, booking.currency)));
  const totalAfter = lowers ? totalBefore - amount : totalBefore;
  const viaProvider = target.provider ? await refundAtProvider(provider, target, correction.kind, amount, left) : null;
  const [entry] = await tx
    .insert(bookingPayments)
    .values({
      bookingId: booking.id,
      kind: correction.kind,
      paymentType: target.paymentType,
      paymentAmount: -amount,
      currency: target.currency,
      correctsPaymentId: target.id,
      reason: correction.reason,
      purpose,
      recordedBy: input.recordedBy,
      provider: viaProvider?.provider ?? null,
      providerReference: viaProvider?.reference ?? null,
    })
    .returning({ id: bookingPayments.id });
  if (!entry) throw new Error('correction not recorded');
  if (lowers) await write.update({ totalPriceMinor: totalAfter });
  // A gift voucher's payment goes back onto the voucher, not to a card (decision 0401); the credit note follows as for any.
  if (target.paymentType === VOUCHER_PAYMENT_TYPE)
    await refundToVoucher(tx, { paymentId: target.id, correctionId: entry.id, bookingId: booking.id, amount, now: new Date() });
  // The credit note of its payment's invoice, in this transaction (decision 0411), a void's too: an issued number stays.
  // A refund's is mailed to the booker once rendered after the commit (0510); a void's is not. Its line says what the
  // refund is (0505), so the documents agree with the pages.
  const documentReason = purpose && lowers ? `${REFUND_PURPOSE_DOCUMENT_TEXT[purpose]}: ${correction.reason}` : correction.reason;
  await issueLedgerDocument(tx, {
    booking: invoicedBooking(booking),
    entry: { id: entry.id, kind: correction.kind, amount, paymentType: target.paymentType, correctsPaymentId: target.id, reason: documentReason },
    earlier: [],
    now: new Date(),
    mail: mailer !== null && correction.kind === 'refund',
    defer: (step) => write.last(step),
  });
  // A void takes back a slip of the hand (nothing moved); a refund gave money back: the booker gets a receipt.
  if (mailer && correction.kind === 'refund')
    await queueReceipt(write, mailer, { kind: 'refund', amount, currency: target.currency, method: target.paymentType, totalPence: totalAfter });
  const netBefore = netPaid(ledger);
  const netAfter = netBefore - amount;
  const statusAfter = await statusAfterCorrection(write, { purpose, netAfter, by: input.recordedBy === null ? 'system' : 'staff' }, mailer);
  write.audit({
    action: `payment.${correction.kind}`,
    entityType: 'payment',
    entityId: entry.id,
    before: { booking_status: booking.bookingStatus, net_paid: netBefore, ...(lowers ? { total_price: minorToUnits(totalBefore) } : {}) },
    after: {
      booking_status: statusAfter,
      net_paid: netAfter,
      payment_id: target.id,
      amount,
      currency: target.currency,
      reason: correction.reason,
      ...(purpose ? { purpose } : {}),
      ...(lowers ? { total_price: minorToUnits(totalAfter) } : {}),
    },
  });
  return { entryId: entry.id, amount, currency: target.currency, netBefore, netAfter, statusBefore: booking.bookingStatus, statusAfter };
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
