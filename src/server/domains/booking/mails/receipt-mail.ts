import { format } from 'date-fns';
import type { OutgoingMail } from '../../../platform/mail';
import { formatPence } from '../../../../shared/money';
import { escapeHtml } from '../../../../shared/html';
import { priceBreakdown, type PriceFigures } from '../../../../shared/price-breakdown';
import { greeting, htmlRows, moneyLocale, priceWordsOf } from './mail-parts';
import { mailText } from '../../../platform/i18n';
import { DEFAULT_LANGUAGE, type Language } from '../../../../shared/i18n/languages';
import { balanceDueText } from './confirmation-mail';

/** Receipts (decision 0250): one for every payment and every refund, whoever recorded it. */

export type ReceiptFacts = {
  email: string;
  fullName: string | null;
  tempCode: string;
  date: string;
  /** The game's zone: the due date is measured against today there. */
  timezone: string;
  /** Minor units of `currency`: positive for a payment, the amount given back for a refund. */
  amount: number;
  currency: string;
  /** Minor units, after this entry. */
  paidNet: number;
  total: number;
  /** The booking's price as its answers carry it, `total_price` being `total`: the receipt lists how the total is made. */
  price: PriceFigures;
  method: string;
  at: Date;
  /** The booker's language (decision 0591); absent: English. */
  language?: Language;
};

/** A receipt: what was paid (or refunded), when and how, what is now paid and what is still due by when. */
export function receiptMail(f: ReceiptFacts, kind: 'payment' | 'refund'): OutgoingMail {
  const due = Math.max(0, f.total - f.paidNet);
  // In the booker's language (decision 0591); English keeps the receipt's words as they were.
  const words = mailText(f.language ?? DEFAULT_LANGUAGE);
  const money = (minor: number) => formatPence(minor, f.currency, moneyLocale(words));
  const when =
    words.language === DEFAULT_LANGUAGE
      ? format(f.at, 'd MMMM yyyy, HH:mm')
      : new Intl.DateTimeFormat(words.locale, { dateStyle: 'long', timeStyle: 'short' }).format(f.at);
  const rows: [string, string][] = [
    [words.t('receiptBooking'), f.tempCode],
    [words.t(kind === 'payment' ? 'amountPaid' : 'amountRefunded'), money(f.amount)],
    [words.t('method'), f.method],
    [words.t('rowDate'), when],
    // The one breakdown (shared/price-breakdown.ts) up to the total: per person × players, add-ons, the discount and its code.
    ...priceBreakdown(f.price, priceWordsOf(words))
      .filter((line) => line.kind !== 'total')
      .map((line): [string, string] => [line.label, line.text]),
    [words.t('totalPrice'), money(f.total)],
    [words.t('paidSoFar'), money(f.paidNet)],
    [words.t('balanceDue'), due > 0 ? `${money(due)} ${balanceDueText(f.date, f.timezone, f.at, words)}` : words.t('nothing')],
  ];
  const hello = greeting(f.fullName, words);
  const opening = words.t(kind === 'payment' ? 'receiptThanks' : 'refundOpening');
  return {
    to: f.email,
    subject: words.t(kind === 'payment' ? 'receiptSubject' : 'refundSubject', { amount: money(f.amount) }),
    kind: kind === 'payment' ? 'payment.receipt' : 'payment.refund_receipt',
    text: [hello, '', opening, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: [`<p>${escapeHtml(hello)}</p>`, `<p>${escapeHtml(opening)}</p>`, htmlRows(rows)].join('\n'),
  };
}
