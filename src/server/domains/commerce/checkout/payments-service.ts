import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../../platform/db/client';
import { PAYMENT_MESSAGES, type PaymentState } from '../../../../shared/api/payments';
import { PUBLIC_BOOKING_MESSAGES } from '../../../../shared/api/public-booking';
import { balanceDue, checkoutAmounts, DEPOSIT_PERCENT, dueOf, isCancelled, netPaid, type CheckoutPurpose } from '../../../../shared/payments';
import { findBookingFacts, recordPayment, withBooking } from '../../booking';
import { ledgerOf } from '../ledger/ledger-reads';
import type { BookingFacts, BookingMailer } from '../../booking';
import { ConflictError, NotFoundError, UpstreamError, ValidationError } from '../../../platform/errors';
import { todayIn } from '../../../../shared/time';
import { pageUrl, paths } from '../../../../shared/page-paths';
import { bankTransferReference } from '../../../platform/payment-provider/bank-transfer';
import { ProviderError, type PaymentProvider, type ProviderCheckout, type ProviderEvent } from '../../../platform/payment-provider/payment-provider';
import { paymentMethodOf, type PaymentSetup } from '../../../platform/payment-provider/payment-setup';
import { claimEvent, findCheckout, insertCheckout, setCheckoutStatus, setEventOutcome } from './payments-repository';
import { settleVoucherCheckout } from '../vouchers/voucher-checkout';

export type PaymentDeps = { db: Db; setup: PaymentSetup; mailer: BookingMailer; log: FastifyBaseLogger };

const PURPOSE_LABELS: Record<CheckoutPurpose, string> = { deposit: 'Deposit', full: 'Full payment', balance: 'Balance' };

const totalPence = (b: BookingFacts) => b.totalPriceMinor;
const cancelled = (b: BookingFacts) => isCancelled({ booking_status: b.bookingStatus, lead_status: b.leadStatus });

async function bookingByKey(db: DbOrTx, key: string): Promise<BookingFacts> {
  const booking = await findBookingFacts(db, { manageKey: key });
  if (!booking) throw new NotFoundError(PUBLIC_BOOKING_MESSAGES.bookingNotFound);
  return booking;
}

/** The shared due-date rule (0252), measured against today in the game's own zone. */
function balanceDueFields(gameDate: string, timezone: string): Pick<PaymentState, 'balance_due_date' | 'balance_due_on_booking'> {
  const due = balanceDue(gameDate, todayIn(timezone));
  return { balance_due_date: due.date, balance_due_on_booking: due.onBooking };
}

async function stateOf(db: DbOrTx, setup: PaymentSetup, booking: BookingFacts): Promise<PaymentState> {
  const ledger = await ledgerOf(db, booking.id);
  const net = netPaid(ledger.map((r) => ({ id: r.id, kind: r.kind, payment_amount: r.paymentAmount, corrects_payment_id: r.correctsPaymentId })));
  const total = totalPence(booking);
  const closed = cancelled(booking);
  const due = balanceDueFields(booking.date, booking.timezone);
  return {
    currency: booking.currency,
    total,
    paid: net,
    due: dueOf(total, net),
    deposit_percent: DEPOSIT_PERCENT,
    ...due,
    options: closed ? { deposit: null, full: null, balance: null } : checkoutAmounts(total, net, { onBooking: due.balance_due_on_booking }),
    cancelled: closed,
    provider: paymentMethodOf(setup) === 'card' ? 'stripe' : 'bank_transfer',
    bank_transfer: { reference: bankTransferReference(booking.tempCode), details: setup.bankTransferDetails },
    payments: ledger.map((r) => ({ kind: r.kind, amount: r.paymentAmount, currency: r.currency, created_at: r.createdAt.toISOString() })),
  };
}

/** What the booker sees of the booking's money, with the management key. */
export async function paymentState(deps: Pick<PaymentDeps, 'db' | 'setup'>, key: string): Promise<PaymentState> {
  return stateOf(deps.db, deps.setup, await bookingByKey(deps.db, key));
}

/**
 * Starts a checkout with the provider for the deposit, the full price or the balance (decision 0252). Refused, with
 * nothing created: a cancelled booking, nothing due, a purpose not offered now, or an amount other than the one the
 * rules give (the booker's page was stale).
 */
export async function startCheckout(
  deps: PaymentDeps,
  input: { key: string; purpose: CheckoutPurpose; amount: number },
): Promise<{ checkout_url: string; session_id: string }> {
  const booking = await bookingByKey(deps.db, input.key);
  const state = await stateOf(deps.db, deps.setup, booking);
  const refuse = (error: Error, why: string) => {
    deps.log.warn({ bookingId: booking.id, purpose: input.purpose, amount: input.amount, why }, 'checkout refused');
    return error;
  };
  if (state.cancelled) throw refuse(new ConflictError(PAYMENT_MESSAGES.cancelled), 'cancelled');
  if (state.due === 0) throw refuse(new ConflictError(PAYMENT_MESSAGES.nothingDue), 'nothing due');
  const provider = deps.setup.provider;
  if (!provider) throw new ConflictError(PAYMENT_MESSAGES.noProvider);
  const amount = state.options[input.purpose];
  if (amount === null) throw refuse(ValidationError.field('purpose', PAYMENT_MESSAGES.purposeNotOffered), 'purpose not offered');
  if (amount !== input.amount) throw refuse(ValidationError.field('amount', PAYMENT_MESSAGES.amountMismatch), 'amount mismatch');

  let session: ProviderCheckout;
  try {
    session = await provider.createCheckout({
      bookingId: booking.id,
      amount,
      currency: booking.currency,
      purpose: input.purpose,
      description: `${PURPOSE_LABELS[input.purpose]}: Chicken hunt in ${booking.city} on ${booking.date} (${booking.tempCode})`,
      customerEmail: booking.email,
      // The provider puts the session id in place of {CHECKOUT_SESSION_ID}; the return page confirms with it.
      successUrl: `${pageUrl(deps.mailer.baseUrl, paths.paymentReturn(input.key))}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${pageUrl(deps.mailer.baseUrl, paths.manage(input.key))}?payment=cancelled`,
      // A double click, or a retry of the same payment, gives the same session (the net paid moves after a payment).
      idempotencyKey: `hatch-checkout-${booking.id}-${input.purpose}-${amount}-${state.paid}`,
    });
  } catch (error) {
    if (error instanceof ProviderError) {
      deps.log.error({ err: error, bookingId: booking.id }, 'checkout not created');
      throw new UpstreamError(PAYMENT_MESSAGES.providerFailed);
    }
    throw error;
  }
  if (!session.url) throw new UpstreamError(PAYMENT_MESSAGES.providerFailed);
  await insertCheckout(deps.db, {
    bookingId: booking.id,
    provider: provider.name,
    providerSessionId: session.id,
    amount,
    currency: booking.currency,
    purpose: input.purpose,
  });
  return { checkout_url: session.url, session_id: session.id };
}

export type SettleOutcome = 'paid' | 'pending' | 'refused' | 'expired' | 'unknown';

/**
 * Settles one checkout from what the provider says of it, whoever asks first (the webhook or the return page) and
 * however often (decision 0250): under the booking's lock the checkout is read again; only a pending one that is paid,
 * for the amount and currency it was opened with, on a booking still open, records the payment, through
 * recordPayment (which makes the booking paid and mails the game code the first time) and withBooking.
 */
export async function settleCheckout(deps: PaymentDeps, db: DbOrTx, provider: PaymentProvider, session: ProviderCheckout): Promise<SettleOutcome> {
  const known = await findCheckout(db, provider.name, session.id);
  if (!known) {
    deps.log.warn({ sessionId: session.id }, 'payment event for an unknown checkout: ignored');
    return 'unknown';
  }
  const { result } = await withBooking(db, { id: known.bookingId }, { actor: { source: 'system', userId: null }, mailer: deps.mailer.mail }, async (write) => {
    const checkout = await findCheckout(write.tx, provider.name, session.id, { lock: true });
    if (!checkout) return 'unknown' as const;
    if (checkout.status !== 'pending')
      return checkout.status === 'paid' ? ('paid' as const) : checkout.status === 'expired' ? ('expired' as const) : ('refused' as const);
    if (!session.paid) {
      if (session.status !== 'expired') return 'pending' as const;
      await setCheckoutStatus(write.tx, checkout.id, 'expired');
      return 'expired' as const;
    }
    const closed = isCancelled({ booking_status: write.row.bookingStatus, lead_status: write.row.leadStatus });
    const mismatch = session.amount !== checkout.amount || session.currency !== checkout.currency;
    if (closed || mismatch) {
      deps.log.error(
        {
          bookingId: checkout.bookingId,
          sessionId: session.id,
          expected: [checkout.amount, checkout.currency],
          got: [session.amount, session.currency],
          cancelled: closed,
        },
        'paid checkout refused: nothing recorded; staff must refund it at the provider',
      );
      await setCheckoutStatus(write.tx, checkout.id, 'refused');
      return 'refused' as const;
    }
    await recordPayment(
      write,
      { paymentType: 'card', paymentAmount: checkout.amount, recordedBy: null, provider: provider.name, providerReference: session.id },
      deps.mailer,
    );
    await setCheckoutStatus(write.tx, checkout.id, 'paid');
    return 'paid' as const;
  });
  return result;
}

/** The return page: asks the provider how the checkout went and settles it (the webhook may not have come yet). */
export async function confirmCheckout(
  deps: PaymentDeps,
  input: { key: string; sessionId: string },
): Promise<{ status: Exclude<SettleOutcome, 'unknown'>; payment: PaymentState }> {
  const booking = await bookingByKey(deps.db, input.key);
  const provider = deps.setup.provider;
  const checkout = provider ? await findCheckout(deps.db, provider.name, input.sessionId) : undefined;
  // Another booking's session under this key is as unknown as a made-up one.
  if (!provider || !checkout || checkout.bookingId !== booking.id) throw new NotFoundError(PAYMENT_MESSAGES.checkoutNotFound);
  let status: SettleOutcome;
  if (checkout.status !== 'pending') status = checkout.status === 'paid' ? 'paid' : checkout.status === 'expired' ? 'expired' : 'refused';
  else {
    let session: ProviderCheckout;
    try {
      session = await provider.retrieveCheckout(input.sessionId);
    } catch (error) {
      if (error instanceof ProviderError) {
        deps.log.error({ err: error, bookingId: booking.id }, 'checkout not retrieved');
        throw new UpstreamError(PAYMENT_MESSAGES.providerFailed);
      }
      throw error;
    }
    status = await settleCheckout(deps, deps.db, provider, session);
  }
  const fresh = await bookingByKey(deps.db, input.key);
  return { status: status === 'unknown' ? 'refused' : status, payment: await stateOf(deps.db, deps.setup, fresh) };
}

/**
 * A webhook: verified on its raw body, then handled once per event id (a replay finds its id and changes nothing),
 * in one transaction with what it records, so an event whose handling failed is not marked and the provider's
 * retry runs it again.
 */
export async function handleWebhook(deps: PaymentDeps, provider: PaymentProvider, event: ProviderEvent): Promise<string> {
  return deps.db.transaction(async (tx) => {
    if (!(await claimEvent(tx, provider.name, event.id, event.type))) {
      deps.log.info({ eventId: event.id, type: event.type }, 'webhook event replayed: ignored');
      return 'replayed';
    }
    const settles = ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired'];
    const outcome = event.checkout && settles.includes(event.type) ? await settleAny(deps, tx, provider, event.checkout) : 'ignored';
    await setEventOutcome(tx, provider.name, event.id, outcome);
    return outcome;
  });
}

/** A checkout is a booking's or a gift voucher's (issue 32, decision 0401): the voucher's is settled by the commerce domain. */
async function settleAny(deps: PaymentDeps, tx: DbOrTx, provider: PaymentProvider, session: ProviderCheckout): Promise<string> {
  const voucher = await settleVoucherCheckout(tx, { provider, session, mailer: deps.mailer, log: deps.log, now: new Date() });
  return voucher === 'unknown' ? settleCheckout(deps, tx, provider, session) : `gift voucher ${voucher}`;
}
