import { isClosed } from './lifecycle/booking-states';
import { percentOf } from './money';

/**
 * A booking's payment ledger (docs/decisions/0190-payment-corrections.md): entries are only ever added.
 * A payment is positive pence; a void or a refund is a negative entry that names the payment it corrects,
 * so the sum of the entries is what was paid net. Server and screens read the ledger with these rules.
 */

export const PAYMENT_KINDS = ['payment', 'void', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export type LedgerEntry = { id: number; kind: string; payment_amount: number; corrects_payment_id: number | null };

/** What was paid net, in pence: payments less voids and refunds. */
export function netPaid(entries: readonly LedgerEntry[]): number {
  return entries.reduce((sum, e) => sum + e.payment_amount, 0);
}

/**
 * The one rule for what is still due (decisions 0252), in pence: the total less what was paid net, never below
 * 0. The booker's Payment box, the checkout's options and refusals, and the staff ledger all read it.
 */
export function dueOf(totalPence: number, net: number): number {
  return Math.max(0, totalPence - net);
}

/** Pence still due on a booking: its total price (minor units) less what was paid net; never below 0. */
export function amountDueMinor(totalPriceMinor: number, entries: readonly LedgerEntry[]): number {
  return dueOf(totalPriceMinor, netPaid(entries));
}

/**
 * What a refund is (decision 0505), chosen by staff in the refund dialog; the ledger entry keeps it.
 * - concession: money back because the price is lower now (goodwill, a fewer players): the total drops by the amount,
 *   a credit note is issued, nothing becomes due, the booking keeps its state.
 * - cancellation: money back for a cancelled booking or an unplayed part: the total drops by the amount too; before its
 *   game started the booking is cancelled (what is kept is its price), after it its state stays.
 * - correction (the default, the behaviour before 0505): a wrong payment given back; the price is unchanged, so what
 *   is refunded is due again, and when nothing stays paid before the game the booking is a lead again (0190).
 */
export const REFUND_PURPOSES = ['concession', 'cancellation', 'correction'] as const;
export type RefundPurpose = (typeof REFUND_PURPOSES)[number];
export const DEFAULT_REFUND_PURPOSE: RefundPurpose = 'correction';

/** Whether a refund of this purpose lowers the booking's total by its amount (so that it never re-opens a balance). */
export function refundLowersPrice(purpose: RefundPurpose): boolean {
  return purpose !== 'correction';
}

export function isVoided(entries: readonly LedgerEntry[], paymentId: number): boolean {
  return entries.some((e) => e.kind === 'void' && e.corrects_payment_id === paymentId);
}

/** What is left of one payment after its refunds (and void): the most a refund of it may return. */
export function paymentRemaining(entries: readonly LedgerEntry[], paymentId: number): number {
  const payment = entries.find((e) => e.id === paymentId && e.kind === 'payment');
  if (!payment) return 0;
  const corrected = entries.filter((e) => e.corrects_payment_id === paymentId).reduce((sum, e) => sum + e.payment_amount, 0);
  return Math.max(0, payment.payment_amount + corrected);
}

/**
 * What a booking whose ledger just lost money (a void or a refund) should be: as it was while anything is paid net (a
 * correction never confirms a booking: a lead part paid by a small gift voucher stays a lead, 0505); once nothing is,
 * a paid booking is back to `lead` (a sales conversation again), unless its game has started: what was played stays as
 * it was. The game itself is never removed.
 */
export function statusAfterLedgerChange(status: string, net: number, gameStarted: boolean): string {
  if (net > 0) return status;
  if (status === 'paid' && !gameStarted) return 'lead';
  return status;
}

// ---------------------------------------------------------------------------------------------
// Paying online (decision 0252): what the booker may pay, and by when.

/** A deposit is this share of the total; the rest, the balance, is due BALANCE_DUE_DAYS before the game. */
export const DEPOSIT_PERCENT = 25;
export const BALANCE_DUE_DAYS = 14;

/**
 * How bookers pay on an install (decision 0250): by card online when a card provider is configured, else by bank
 * transfer. Staff recording a payment by hand start from the same method (0140): it is how the money comes in.
 */
export const PAYMENT_METHODS = ['card', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const CHECKOUT_PURPOSES = ['deposit', 'full', 'balance'] as const;
export type CheckoutPurpose = (typeof CHECKOUT_PURPOSES)[number];

/** A checkout waits for the provider (pending) until it is paid, refused (wrong amount, booking cancelled) or expires. */
export const CHECKOUT_STATUSES = ['pending', 'paid', 'refused', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/**
 * The one deposit rule (decisions 0390, 0505): the deposit a booker may pay first, in minor units, or null when none is
 * offered. It is DEPOSIT_PERCENT of the total, offered only while the balance's due day is still ahead: when the
 * balance is due on booking (today), a deposit beside "the balance is due today" would contradict itself (issues 31,
 * 35). The checkout's options, the booker's page, the confirmation mail and a gift voucher's confirming all read it.
 */
export function depositOffered(totalPence: number, due: Pick<BalanceDue, 'onBooking'>): number | null {
  if (due.onBooking) return null;
  const deposit = percentOf(totalPence, DEPOSIT_PERCENT);
  return deposit > 0 && deposit < totalPence ? deposit : null;
}

/**
 * What must be paid net for a booking to be confirmed (paid, its game code issued): what a card payer must pay first,
 * the deposit when one is offered, else the whole price. A gift voucher confirms a booking only from this amount (0505).
 */
export function confirmingAmount(totalPence: number, due: Pick<BalanceDue, 'onBooking'>): number {
  return depositOffered(totalPence, due) ?? totalPence;
}

/**
 * What the booker may pay now, in minor units (null: not offered): the payment terms every page, mail and checkout
 * reads. Nothing paid yet: the deposit (`depositOffered`) or the full price. Part paid: the balance. Nothing due: nothing.
 */
export function checkoutAmounts(totalPence: number, net: number, due: Pick<BalanceDue, 'onBooking'>): Record<CheckoutPurpose, number | null> {
  const left = dueOf(totalPence, net);
  if (left === 0) return { deposit: null, full: null, balance: null };
  if (net > 0) return { deposit: null, full: null, balance: left };
  return { deposit: depositOffered(totalPence, due), full: totalPence, balance: null };
}

/** A day (yyyy-MM-dd) `days` days before another; plain calendar arithmetic, no zone involved. */
function daysBefore(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) - days)).toISOString().slice(0, 10);
}

export type BalanceDue = {
  /** yyyy-MM-dd: BALANCE_DUE_DAYS before the game's own date, and never before today in the game's zone. */
  date: string;
  /** The due day is today (the game is BALANCE_DUE_DAYS days away or less): the whole price is due on booking. */
  onBooking: boolean;
};

/**
 * When the balance is due (decisions 0252): BALANCE_DUE_DAYS before the game's own date, but never a day
 * already gone; a game BALANCE_DUE_DAYS days away or less is due on booking, today. A due day that is today is on
 * booking too (0505): before, a game exactly 14 days away was offered a deposit while its page said the balance was due
 * today. "Today" is the calendar day in the game's zone, where its date is (`todayIn`). Server answers, the booker's
 * pages and every mail use this.
 */
export function balanceDue(gameDate: string, today: string): BalanceDue {
  const due = daysBefore(gameDate, BALANCE_DUE_DAYS);
  return due <= today ? { date: today, onBooking: true } : { date: due, onBooking: false };
}

/**
 * A booking no payment may be taken for (decision 0190): cancelled, or a lead staff marked lost or trash. Staff set
 * these; paying would otherwise revive a booking they closed.
 */
export function isCancelled(b: { booking_status: string; lead_status: string }): boolean {
  // One rule with the state machine's `closed` (src/shared/lifecycle/booking-states.ts).
  return isClosed(b);
}
