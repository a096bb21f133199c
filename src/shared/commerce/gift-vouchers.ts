import { formatPence } from '../money';
import { localToUtcIso, todayIn } from '../time';
import { normalizeDiscountCode } from './discount-code';

/**
 * Gift vouchers (issue 32, decision 0401): money bought in advance (or issued by staff) that pays part or all of a
 * booking. A voucher is a payment, not a discount: the booking keeps its price (and its VAT), the voucher pays into the
 * booking's ledger. Amounts in minor units (pence) of the voucher's currency.
 */

/**
 * The characters of a voucher code: no 0/O, 1/I/L, so a code read off paper is typed right. Codes are stored in the
 * discount box's normal form (normalizeDiscountCode: no spaces or dashes, upper case), 12 characters.
 */
export const VOUCHER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const VOUCHER_CODE_LENGTH = 12;
const VOUCHER_CODE_PATTERN = new RegExp(`^[${VOUCHER_CODE_ALPHABET}]{${VOUCHER_CODE_LENGTH}}$`);

/** A code in its normal form could be a voucher's (the box then looks it up among vouchers too). */
export function looksLikeVoucherCode(typed: string): boolean {
  return VOUCHER_CODE_PATTERN.test(normalizeDiscountCode(typed));
}

/** A voucher code as printed and mailed: groups of four, `ABCD-EFGH-JKMN`; the box takes it with or without dashes. */
export function formatVoucherCode(code: string): string {
  return (normalizeDiscountCode(code).match(/.{1,4}/g) ?? []).join('-');
}

/** A new code from `random` bytes (one byte per character; the caller passes crypto-strong bytes). */
export function voucherCodeFrom(random: Uint8Array): string {
  if (random.length < VOUCHER_CODE_LENGTH) throw new Error(`need ${VOUCHER_CODE_LENGTH} random bytes`);
  let code = '';
  for (let i = 0; i < VOUCHER_CODE_LENGTH; i++) code += VOUCHER_CODE_ALPHABET[(random[i] ?? 0) % VOUCHER_CODE_ALPHABET.length];
  return code;
}

/** What a voucher may be worth, per currency alike (minor units): £5 to £1,000. */
export const VOUCHER_AMOUNT = { min: 500, max: 100_000 } as const;

export function voucherAmountMessage(currency: string): string {
  return `Please choose an amount from ${formatPence(VOUCHER_AMOUNT.min, currency)} to ${formatPence(VOUCHER_AMOUNT.max, currency)}.`;
}

/** A voucher's validity in months from its issue (install setting; default 12). */
export const VOUCHER_VALIDITY = { default: 12, min: 1, max: 120 } as const;

/** The install's zone for a voucher's expiry day (the admin zone: hatch has no other install-wide zone). */
export { DEFAULT_ADMIN_TIMEZONE as VOUCHER_ZONE } from '../time';

/** yyyy-MM-dd plus whole months; a day the target month lacks is its last day (31 Jan + 1 month → 28/29 Feb). */
export function addMonthsToDay(day: string, months: number): string {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

const nextDay = (day: string) => {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/**
 * The last instant a voucher pays (decision 0401): the issue day in the install's zone plus `months`, to the end of that
 * day (the millisecond before the next day starts there). A voucher works while now <= expires_at.
 */
export function voucherExpiresAt(issuedAt: Date, months: number, zone: string): Date {
  const lastDay = addMonthsToDay(todayIn(zone, issuedAt), months);
  return new Date(new Date(localToUtcIso(nextDay(lastDay), { hour: 0, minute: 0 }, zone)).getTime() - 1);
}

export const isVoucherExpired = (expiresAt: Date, now: Date) => now.getTime() > expiresAt.getTime();

export const VOUCHER_STATUSES = ['pending', 'active', 'used', 'expired'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/**
 * What a voucher is now: pending until paid (no code yet); used once spent to nothing; expired after its last instant
 * (before the expiry job has run too) or once that job zeroed it; else active.
 */
export function voucherStatus(v: { code: string | null; balance: number; expiresAt: Date | null; expiredAt: Date | null }, now: Date): VoucherStatus {
  if (v.code === null || v.expiresAt === null) return 'pending';
  if (v.balance === 0 && v.expiredAt === null) return 'used';
  if (v.expiredAt !== null || isVoucherExpired(v.expiresAt, now)) return 'expired';
  return 'active';
}

/** A voucher's ledger: what was issued, paid into bookings, given back by a refund, or lost at expiry. */
export const VOUCHER_LEDGER_KINDS = ['issued', 'redeemed', 'refunded', 'expired'] as const;
export type VoucherLedgerKind = (typeof VOUCHER_LEDGER_KINDS)[number];
export const VOUCHER_LEDGER_LABELS: Record<VoucherLedgerKind, string> = {
  issued: 'Issued',
  redeemed: 'Paid into a booking',
  refunded: 'Refunded back',
  expired: 'Expired',
};

/** The booking ledger's payment type of a voucher's payment (the invoice's "Paid by gift voucher" line reads it). */
export const VOUCHER_PAYMENT_TYPE = 'voucher';

/** What a voucher pays of a booking: its balance, at most what is still due. */
export const voucherPays = (balance: number, due: number) => Math.max(0, Math.min(balance, due));

export const GIFT_VOUCHER_MESSAGES = {
  notFound: 'Gift voucher not found',
  recipientName: "Please enter the recipient's name.",
  buyerName: 'Please enter your name.',
  message: 'Please keep the message to 500 characters.',
  validityMonths: `Please give ${VOUCHER_VALIDITY.min} to ${VOUCHER_VALIDITY.max} months.`,
  settingsSaved: 'Gift voucher settings saved',
  issued: 'Gift voucher issued',
  noProvider: 'Gift vouchers cannot be bought online here: card payments are not set up.',
  nothingDue: 'This booking has nothing left to pay.',
  voucherCode: 'Please enter a gift voucher code.',
  notAVoucher: 'This is not a gift voucher code. Promo codes go in the booking itself, before paying.',
  cancelled: 'This booking is cancelled: nothing can be paid.',
} as const;
