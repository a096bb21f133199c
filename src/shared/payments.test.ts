import { describe, expect, it } from 'vitest';
import {
  amountDueMinor,
  balanceDue,
  checkoutAmounts,
  confirmingAmount,
  depositOffered,
  isCancelled,
  isVoided,
  netPaid,
  paymentRemaining,
  statusAfterLedgerChange,
  type LedgerEntry,
} from './payments';

const payment = (id: number, pence: number): LedgerEntry => ({ id, kind: 'payment', payment_amount: pence, corrects_payment_id: null });
const correction = (id: number, kind: 'void' | 'refund', of: number, pence: number): LedgerEntry => ({
  id,
  kind,
  payment_amount: -pence,
  corrects_payment_id: of,
});

describe('payment ledger', () => {
  const ledger = [payment(1, 10_000), payment(2, 5_000), correction(3, 'refund', 1, 2_500), correction(4, 'void', 2, 5_000)];

  it('nets payments against their voids and refunds', () => {
    expect(netPaid(ledger)).toBe(7_500);
    expect(netPaid([])).toBe(0);
  });

  it('says what is still due on a total in minor units, never below nothing', () => {
    expect(amountDueMinor(12_000, ledger)).toBe(4_500);
    expect(amountDueMinor(60_000, [payment(1, 10_000_000)])).toBe(0);
    expect(amountDueMinor(12_050, [])).toBe(12_050);
  });

  it('knows what is left of each payment and which are voided', () => {
    expect(paymentRemaining(ledger, 1)).toBe(7_500);
    expect(paymentRemaining(ledger, 2)).toBe(0);
    expect(paymentRemaining(ledger, 3)).toBe(0);
    expect(isVoided(ledger, 2)).toBe(true);
    expect(isVoided(ledger, 1)).toBe(false);
  });

  it('unpays a booking only while its game has not started, and never a completed one', () => {
    expect(statusAfterLedgerChange('paid', 100, false)).toBe('paid');
    expect(statusAfterLedgerChange('paid', 0, false)).toBe('lead');
    expect(statusAfterLedgerChange('paid', 0, true)).toBe('paid');
    expect(statusAfterLedgerChange('completed', 0, false)).toBe('completed');
    // A correction never confirms: a lead part paid (a gift voucher under the deposit, 0505) stays a lead.
    expect(statusAfterLedgerChange('lead', 500, false)).toBe('lead');
    expect(statusAfterLedgerChange('cancelled', 500, false)).toBe('cancelled');
  });
});

describe('paying online', () => {
  const FAR = { onBooking: false };
  const NOW = { onBooking: true };

  it('offers a deposit of 25 % or the full price while nothing is paid', () => {
    expect(checkoutAmounts(60_000, 0, FAR)).toEqual({ deposit: 15_000, full: 60_000, balance: null });
    expect(checkoutAmounts(3_333, 0, FAR).deposit).toBe(833);
  });

  it('offers no deposit when the balance is due on booking: only the full price, or the balance once part is paid', () => {
    expect(checkoutAmounts(60_000, 0, NOW)).toEqual({ deposit: null, full: 60_000, balance: null });
    expect(checkoutAmounts(60_000, 15_000, NOW)).toEqual({ deposit: null, full: null, balance: 45_000 });
  });

  it('has one deposit rule: offered only while the balance is not due on booking; confirming takes the deposit, else all', () => {
    expect(depositOffered(48_600, FAR)).toBe(12_150);
    expect(depositOffered(48_600, NOW)).toBeNull();
    expect(depositOffered(1, FAR)).toBeNull();
    expect(confirmingAmount(48_600, FAR)).toBe(12_150);
    expect(confirmingAmount(48_600, NOW)).toBe(48_600);
    expect(checkoutAmounts(48_600, 0, FAR).deposit).toBe(depositOffered(48_600, FAR));
  });

  it('offers the balance once part is paid, and nothing once all is paid', () => {
    expect(checkoutAmounts(60_000, 15_000, FAR)).toEqual({ deposit: null, full: null, balance: 45_000 });
    expect(checkoutAmounts(60_000, 60_000, FAR)).toEqual({ deposit: null, full: null, balance: null });
    expect(checkoutAmounts(60_000, 70_000, FAR)).toEqual({ deposit: null, full: null, balance: null });
    expect(checkoutAmounts(0, 0, FAR)).toEqual({ deposit: null, full: null, balance: null });
  });

  it('makes the balance due 14 days before the game, across months and years', () => {
    expect(balanceDue('2027-03-20', '2027-01-01')).toEqual({ date: '2027-03-06', onBooking: false });
    expect(balanceDue('2027-03-05', '2027-01-01')).toEqual({ date: '2027-02-19', onBooking: false });
    expect(balanceDue('2027-01-10', '2026-11-23')).toEqual({ date: '2026-12-27', onBooking: false });
  });

  it('never names a day already gone: under 14 days away the balance is due on booking, today', () => {
    const today = '2026-11-23';
    expect(balanceDue('2026-11-23', today)).toEqual({ date: today, onBooking: true });
    expect(balanceDue('2026-11-26', today)).toEqual({ date: today, onBooking: true });
    expect(balanceDue('2026-12-06', today)).toEqual({ date: today, onBooking: true });
    // Exactly 14 days away: due today, so on booking (0505): no deposit beside "due today".
    expect(balanceDue('2026-12-07', today)).toEqual({ date: today, onBooking: true });
    expect(balanceDue('2026-12-08', today)).toEqual({ date: '2026-11-24', onBooking: false });
    // A booking left unpaid past its due day: due today, never a past date.
    expect(balanceDue('2026-12-01', '2026-11-30')).toEqual({ date: '2026-11-30', onBooking: true });
  });

  it('treats cancelled bookings and lost or trashed leads as closed to payment', () => {
    expect(isCancelled({ booking_status: 'cancelled', lead_status: 'new' })).toBe(true);
    expect(isCancelled({ booking_status: 'lead', lead_status: 'lost' })).toBe(true);
    expect(isCancelled({ booking_status: 'enquiry', lead_status: 'trash' })).toBe(true);
    expect(isCancelled({ booking_status: 'enquiry', lead_status: 'new' })).toBe(false);
  });
});
