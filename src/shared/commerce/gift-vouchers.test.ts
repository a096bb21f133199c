import { describe, expect, it } from 'vitest';
import {
  addMonthsToDay,
  formatVoucherCode,
  looksLikeVoucherCode,
  VOUCHER_CODE_ALPHABET,
  voucherAmountMessage,
  voucherCodeFrom,
  voucherExpiresAt,
  voucherPays,
  voucherStatus,
} from './gift-vouchers';

describe('voucher codes', () => {
  it('use only unambiguous characters and read back in any spelling', () => {
    expect(VOUCHER_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    const code = voucherCodeFrom(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 255]));
    expect(code).toHaveLength(12);
    expect(formatVoucherCode(code)).toMatch(/^.{4}-.{4}-.{4}$/);
    expect(looksLikeVoucherCode(formatVoucherCode(code).toLowerCase())).toBe(true);
    expect(looksLikeVoucherCode('SUMMER10')).toBe(false);
  });
});

describe('voucher expiry', () => {
  it('adds whole months to a day, a missing day becoming the month end', () => {
    expect(addMonthsToDay('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDay('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonthsToDay('2026-11-27', 12)).toBe('2027-11-27');
  });

  it('ends at the end of the day in the install zone, summer time included', () => {
    // Issued late on 27 Nov in London; 6 months on is 27 May, in BST (UTC+1): the day ends at 22:59:59.999 UTC.
    expect(voucherExpiresAt(new Date('2026-11-27T23:30:00Z'), 6, 'Europe/London').toISOString()).toBe('2027-05-27T22:59:59.999Z');
    // 00:30 in London on 1 Jul (BST) is 30 Jun in UTC: the issue day is London's.
    expect(voucherExpiresAt(new Date('2026-06-30T23:30:00Z'), 12, 'Europe/London').toISOString()).toBe('2027-07-01T22:59:59.999Z');
  });
});

describe('voucher status and payment', () => {
  const issued = { code: 'ABCDEFGHJKMN', balance: 500, expiresAt: new Date('2027-01-01T00:00:00Z'), expiredAt: null };
  it('is pending, active, used or expired', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    expect(voucherStatus({ ...issued, code: null, expiresAt: null }, now)).toBe('pending');
    expect(voucherStatus(issued, now)).toBe('active');
    expect(voucherStatus({ ...issued, balance: 0 }, now)).toBe('used');
    expect(voucherStatus(issued, new Date('2027-01-01T00:00:00.001Z'))).toBe('expired');
    expect(voucherStatus({ ...issued, balance: 0, expiredAt: new Date('2027-01-02T00:00:00Z') }, new Date('2027-02-01T00:00:00Z'))).toBe('expired');
  });

  it('pays its balance, at most what is due', () => {
    expect(voucherPays(5_000, 12_000)).toBe(5_000);
    expect(voucherPays(20_000, 12_000)).toBe(12_000);
    expect(voucherPays(20_000, 0)).toBe(0);
  });

  it('names its amount limits in the currency', () => {
    expect(voucherAmountMessage('USD')).toBe('Please choose an amount from $5.00 to $1,000.00.');
  });
});
