import { formatPence } from '../../../../shared/money';
import { formatVoucherCode } from '../../../../shared/commerce/gift-vouchers';
import type { OutgoingMail } from '../../../platform/mail';
import { pageUrl, paths } from '../../../../shared/page-paths';
import type { VoucherRow } from './voucher-repository';

export const VOUCHER_MAIL_KIND = 'gift_voucher';

/** The printable page of a voucher, by its private token. */
export const voucherPageUrl = (baseUrl: string, token: string) => pageUrl(baseUrl, paths.giftVoucher(token));

/** The voucher as a mail: its code, value, expiry and the link to the printable page (queued once, at issue). */
export function voucherMail(v: VoucherRow & { code: string; expiresAt: Date }, to: string, baseUrl: string, zone: string): Omit<OutgoingMail, 'bookingId'> {
  const value = formatPence(v.amount, v.currency);
  const greeting = v.buyerName ? `Hello ${v.buyerName},` : 'Hello,';
  const lines = [
    greeting,
    '',
    `Here is your gift voucher for ${v.recipientName}, worth ${value}.`,
    '',
    `Voucher code: ${formatVoucherCode(v.code)}`,
    `Valid until: ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: zone }).format(v.expiresAt)} (end of the day)`,
    ...(v.message ? ['', `Message: ${v.message}`] : []),
    '',
    `Print it or pass it on: ${voucherPageUrl(baseUrl, v.token)}`,
    '',
    'The code pays all or part of a booking: type it in the discount code box when booking, or on the booking page before paying the rest.',
  ];
  return { to, subject: `Your gift voucher (${value})`, text: lines.join('\n'), kind: VOUCHER_MAIL_KIND };
}
