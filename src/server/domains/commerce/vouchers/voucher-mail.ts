import { formatPence } from '../../../../shared/money';
import { formatVoucherCode } from '../../../../shared/commerce/gift-vouchers';
import { DEFAULT_LANGUAGE } from '../../../../shared/i18n/languages';
import type { OutgoingMail } from '../../../platform/mail';
import { mailText } from '../../../platform/i18n';
import { pageUrl, paths } from '../../../../shared/page-paths';
import type { VoucherRow } from './voucher-repository';

export const VOUCHER_MAIL_KIND = 'gift_voucher';

/** The printable page of a voucher, by its private token. */
export const voucherPageUrl = (baseUrl: string, token: string) => pageUrl(baseUrl, paths.giftVoucher(token));

/**
 * The voucher as a mail: its code, value, expiry and the link to the printable page (queued once, at issue), in the
 * voucher's language (the buyer's page language at purchase, decision 0625); English keeps its words as they were.
 */
export function voucherMail(v: VoucherRow & { code: string; expiresAt: Date }, to: string, baseUrl: string, zone: string): Omit<OutgoingMail, 'bookingId'> {
  const words = mailText(v.language);
  const english = words.language === DEFAULT_LANGUAGE;
  const value = formatPence(v.amount, v.currency, english ? undefined : words.locale);
  const until = new Intl.DateTimeFormat(english ? 'en-GB' : words.locale, { dateStyle: 'long', timeZone: zone }).format(v.expiresAt);
  const lines = [
    v.buyerName ? words.t('voucherMailHello', { name: v.buyerName }) : words.t('voucherMailHelloNoName'),
    '',
    words.t('voucherMailHere', { recipient: v.recipientName, value }),
    '',
    words.t('voucherMailCode', { code: formatVoucherCode(v.code) }),
    words.t('voucherMailValidUntil', { date: until }),
    ...(v.message ? ['', words.t('voucherMailMessage', { message: v.message })] : []),
    '',
    words.t('voucherMailPrint', { link: voucherPageUrl(baseUrl, v.token) }),
    '',
    words.t('voucherMailHowToUse'),
  ];
  return { to, subject: words.t('voucherMailSubject', { value }), text: lines.join('\n'), kind: VOUCHER_MAIL_KIND };
}
