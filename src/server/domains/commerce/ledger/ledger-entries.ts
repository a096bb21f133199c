import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { ConflictError, NotFoundError, UpstreamError, ValidationError } from '../../../platform/errors';
import { ProviderError, type PaymentProvider } from '../../../platform/payment-provider/payment-provider';
import { bookingPayments } from '../tables/ledger';
import { giftVouchers } from '../tables/gift-vouchers';
import { issueLedgerDocument, type LedgerBookingFacts } from '../invoices/issue-documents';
import { refundToVoucher, lockedVoucherFor } from '../vouchers/voucher-redeem';
import { addLedgerEntry } from '../vouchers/voucher-repository';
import { ledgerOf } from './ledger-reads';
import { DETAIL_MESSAGES, REFUND_PURPOSE_DOCUMENT_TEXT, concessionTooHighMessage, refundTooHighMessage } from '../../../../shared/api/admin-booking-detail';
import { PAYMENT_MESSAGES } from '../../../../shared/api/payments';
import { DISCOUNT_MESSAGES } from '../../../../shared/commerce/discount-code';
import { GIFT_VOUCHER_MESSAGES, VOUCHER_PAYMENT_TYPE, voucherPays } from '../../../../shared/commerce/gift-vouchers';
import { formatPence } from '../../../../shared/money';
import { dueOf, isVoided, netPaid, paymentRemaining, refundLowersPrice, type LedgerEntry, type RefundPurpose } from '../../../../shared/payments';

/**
 * The ledger's writes (decision 0545). The booking domain calls each once, inside its own booking write (the booking's
 * row is locked), and reacts to the answer (its status, its game, its mails); nothing here calls back into it. Each
 * write adds an entry (never edits one), records its invoice or credit note in the same transaction (0411, numbered as
 * the write's last step through `defer`, 0510) and, for a gift voucher, moves the voucher's balance with its own entry.
 */

/** What the booking's write hands over: its facts for the documents, whether the booker is to get them, and its last step. */
export type LedgerWriteContext = {
  booking: LedgerBookingFacts;
  /** The booker is mailed the document once rendered (0510); false for demo data and fixtures without a mailer. */
  mail: boolean;
  /** The booking write's last step (write.last), where the document's number is taken. */
  defer: (step: () => Promise<void>) => void;
  now: Date;
};

export type LedgerPaymentInput = { paymentType: string; paymentAmount: number; recordedBy: number | null; provider?: string; providerReference?: string };

/** What a payment left: its entry, and what is paid net on the booking before and after it. */
export type LedgerPaymentResult = { paymentId: number; paidBefore: number; paidAfter: number };

const asEntries = (rows: Awaited<ReturnType<typeof ledgerOf>>): LedgerEntry[] =>
  rows.map((r) => ({ id: r.id, kind: r.kind, payment_amount: r.paymentAmount, corrects_payment_id: r.correctsPaymentId }));

/** Records a payment (minor units, in the booking's currency) with its invoice. */
export async function recordLedgerPayment(tx: DbOrTx, ctx: LedgerWriteContext, input: LedgerPaymentInput): Promise<LedgerPaymentResult> {
  const earlier = await ledgerOf(tx, ctx.booking.id);
  return insertPayment(tx, ctx, input, earlier);
}

async function insertPayment(
  tx: DbOrTx,
  ctx: LedgerWriteContext,
  input: LedgerPaymentInput,
  earlier: Awaited<ReturnType<typeof ledgerOf>>,
): Promise<LedgerPaymentResult> {
  const [payment] = await tx
    .insert(bookingPayments)
    .values({
      bookingId: ctx.booking.id,
      paymentType: input.paymentType,
      paymentAmount: input.paymentAmount,
      currency: ctx.booking.currency,
      recordedBy: input.recordedBy,
      provider: input.provider ?? null,
      providerReference: input.providerReference ?? null,
    })
    .returning({ id: bookingPayments.id });
  if (!payment) throw new Error('payment not recorded');
  await issueLedgerDocument(tx, {
    booking: ctx.booking,
    entry: { id: payment.id, kind: 'payment', amount: input.paymentAmount, paymentType: input.paymentType, correctsPaymentId: null, reason: null },
    earlier,
    now: ctx.now,
    mail: ctx.mail,
    defer: ctx.defer,
  });
  const paidBefore = netPaid(asEntries(earlier));
  return { paymentId: payment.id, paidBefore, paidAfter: paidBefore + input.paymentAmount };
}

export type VoucherRedemption = { code: string; paid: number; balance: number; currency: LedgerBookingFacts['currency'] };

/**
 * A gift voucher pays the booking (decisions 0401, 0505), in one call: the voucher's row is locked (racing redemptions
 * queue, each reading the balance the one before left), it pays min(its balance, what is due), recorded as a payment of
 * type 'voucher' with its invoice, and its balance drops by that with a 'redeemed' entry. A refusal is a 422 on `field`
 * and, thrown in the caller's transaction, changes nothing. Whether the payment confirms the booking is the booking's
 * rule: it reads `paidAfter`.
 */
export async function redeemVoucherPayment(
  tx: DbOrTx,
  ctx: LedgerWriteContext,
  input: { code: string; field: string },
): Promise<LedgerPaymentResult & { redemption: VoucherRedemption }> {
  const voucher = await lockedVoucherFor(tx, { code: input.code, currency: ctx.booking.currency, now: ctx.now, field: input.field });
  const earlier = await ledgerOf(tx, ctx.booking.id);
  const due = dueOf(ctx.booking.totalPriceMinor, netPaid(asEntries(earlier)));
  const amount = voucherPays(voucher.balance, due);
  if (amount <= 0) throw ValidationError.field(input.field, GIFT_VOUCHER_MESSAGES.nothingDue);
  const paid = await insertPayment(tx, ctx, { paymentType: VOUCHER_PAYMENT_TYPE, paymentAmount: amount, recordedBy: null }, earlier);
  const [left] = await tx
    .update(giftVouchers)
    .set({ balance: sql`${giftVouchers.balance} - ${amount}` })
    .where(and(eq(giftVouchers.id, voucher.id), gte(giftVouchers.balance, amount)))
    .returning({ balance: giftVouchers.balance });
  if (!left) throw ValidationError.field(input.field, DISCOUNT_MESSAGES.voucherEmpty);
  await addLedgerEntry(tx, {
    voucherId: voucher.id,
    kind: 'redeemed',
    amount: -amount,
    at: ctx.now,
    bookingId: ctx.booking.id,
    bookingPaymentId: paid.paymentId,
  });
  return { ...paid, redemption: { code: voucher.code, paid: amount, balance: left.balance, currency: voucher.currency } };
}

export type Correction = { kind: 'void'; reason: string } | { kind: 'refund'; amount: number; reason: string; purpose: RefundPurpose };

/** What a void or refund left: its entry, what it gave back, the paid net before and after, and the booking's price after. */
export type LedgerCorrectionResult = {
  entryId: number;
  amount: number;
  currency: string;
  paymentType: string;
  purpose: RefundPurpose | null;
  netBefore: number;
  netAfter: number;
  totalBefore: number;
  totalAfter: number;
};

/**
 * A payment the provider took is given back through the provider, before the entry is written in the same transaction
 * (decision 0250): if the provider refuses, nothing is written. It cannot be voided: money moved.
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

/**
 * Voids or refunds one payment of the booking by adding a negative entry that names it (decisions 0190, 0250, 0505):
 * a void takes back what is left of the payment, a refund at most that; a concession or cancellation lowers the price by
 * what it gives back (never below nothing: the booking writes `totalAfter`). A voucher's payment goes back onto the
 * voucher (0401); the credit note follows in this transaction, a void's too (an issued number stays), its line saying
 * what the refund is. The booking decides its state from the answer.
 */
export async function recordLedgerCorrection(
  tx: DbOrTx,
  ctx: LedgerWriteContext,
  input: { paymentId: number; correction: Correction; recordedBy: number | null; provider: PaymentProvider | null },
): Promise<LedgerCorrectionResult> {
  const rows = await ledgerOf(tx, ctx.booking.id);
  const ledger = asEntries(rows);
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
  const totalBefore = ctx.booking.totalPriceMinor;
  const lowers = purpose !== null && refundLowersPrice(purpose);
  if (lowers && amount > totalBefore) throw ValidationError.field('amount', concessionTooHighMessage(formatPence(totalBefore, ctx.booking.currency)));
  const viaProvider = target.provider ? await refundAtProvider(input.provider, target, correction.kind, amount, left) : null;
  const [entry] = await tx
    .insert(bookingPayments)
    .values({
      bookingId: ctx.booking.id,
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
  if (target.paymentType === VOUCHER_PAYMENT_TYPE)
    await refundToVoucher(tx, { paymentId: target.id, correctionId: entry.id, bookingId: ctx.booking.id, amount, now: ctx.now });
  const documentReason = purpose && lowers ? `${REFUND_PURPOSE_DOCUMENT_TEXT[purpose]}: ${correction.reason}` : correction.reason;
  await issueLedgerDocument(tx, {
    booking: ctx.booking,
    entry: { id: entry.id, kind: correction.kind, amount, paymentType: target.paymentType, correctsPaymentId: target.id, reason: documentReason },
    earlier: [],
    now: ctx.now,
    // A refund's credit note is mailed to the booker once rendered; a void's is not (nothing moved).
    mail: ctx.mail && correction.kind === 'refund',
    defer: ctx.defer,
  });
  const netBefore = netPaid(ledger);
  return {
    entryId: entry.id,
    amount,
    currency: target.currency,
    paymentType: target.paymentType,
    purpose,
    netBefore,
    netAfter: netBefore - amount,
    totalBefore,
    totalAfter: lowers ? totalBefore - amount : totalBefore,
  };
}
