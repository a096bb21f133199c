import { format } from 'date-fns';
import type { OutgoingMail } from '../../../platform/mail';
import { formatPence } from '../../../../shared/money';
import { escapeHtml } from '../../../../shared/html';
import { priceBreakdown, type PriceFigures } from '../../../../shared/price-breakdown';
import { greeting, htmlRows } from './mail-parts';
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
};

/** A receipt: what was paid (or refunded), when and how, what is now paid and what is still due by when. */
export function receiptMail(f: ReceiptFacts, kind: 'payment' | 'refund'): OutgoingMail {
  const due = Math.max(0, f.total - f.paidNet);
  const rows: [string, string][] = [
    ['Booking', f.tempCode],
    [kind === 'payment' ? 'Amount paid' : 'Amount refunded', formatPence(f.amount, f.currency)],
    ['Method', f.method],
    ['Date', format(f.at, 'd MMMM yyyy, HH:mm')],
    // The one breakdown (shared/price-breakdown.ts) up to the total: per person × players, add-ons, the discount and its code.
    ...priceBreakdown(f.price)
      .filter((line) => line.kind !== 'total')
      .map((line): [string, string] => [line.label, line.text]),
    ['Total price', formatPence(f.total, f.currency)],
    ['Paid so far', formatPence(f.paidNet, f.currency)],
    ['Balance due', due > 0 ? `${formatPence(due, f.currency)} ${balanceDueText(f.date, f.timezone, f.at)}` : 'Nothing'],
  ];
  const hello = greeting(f.fullName);
  const opening = kind === 'payment' ? 'Thank you for your payment. This is your receipt.' : 'We have refunded part or all of a payment. This is your receipt.';
  return {
    to: f.email,
    subject: kind === 'payment' ? `Receipt for your payment of ${formatPence(f.amount, f.currency)}` : `Refund of ${formatPence(f.amount, f.currency)}`,
    kind: kind === 'payment' ? 'payment.receipt' : 'payment.refund_receipt',
    text: [hello, '', opening, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: [`<p>${escapeHtml(hello)}</p>`, `<p>${escapeHtml(opening)}</p>`, htmlRows(rows)].join('\n'),
  };
}
