import { format, parse } from 'date-fns';
import type { OutgoingMail } from '../../../platform/mail';
import type { BookerBooking } from '../../../../shared/api/booking';
import { bookingLinks } from '../../../../shared/booking-links';
import { ADD_ONS, PLANS } from '../../../../shared/plans';
import { formatMoney, formatPence, toMinorUnits } from '../../../../shared/money';
import { BALANCE_DUE_DAYS, balanceDue, checkoutAmounts, DEPOSIT_PERCENT } from '../../../../shared/payments';
import { API_DATE, todayIn } from '../../../../shared/time';
import { priceBreakdown } from '../../../../shared/price-breakdown';
import { escapeHtml } from '../../../../shared/html';
import { greeting, htmlRows, whenText } from './mail-parts';

/** The booker's confirmation from the wizard (before payment), and the balance-due words receipts share. */

/**
 * Where the booker manages a booking: the private /manage/{key} link, which shows the unpaid booking's page too. Not
 * /hatch/{temp_code}: the temp code alone reads no contact details and cannot pay (issue 36, decision 0526).
 */
export function manageUrl(baseUrl: string, b: Pick<BookerBooking, 'temp_code' | 'manage_key'>): string {
  return bookingLinks(baseUrl, { tempCode: b.temp_code, gameCode: null, manageKey: b.manage_key }).manage;
}

/** 'by 6 March 2027', or 'now' when the game is 14 days away or less (shared rule, 0252, 0505): never a past day. */
export function balanceDueText(gameDate: string, timezone: string, now: Date = new Date()): string {
  const due = balanceDue(gameDate, todayIn(timezone, now));
  const day = format(parse(due.date, API_DATE, new Date(0)), 'd MMMM yyyy');
  return due.onBooking ? `now, on booking (${day}): the game is ${BALANCE_DUE_DAYS} days away or less` : `by ${day}`;
}

/** How this install takes the booker's money (decision 0250): the facts the confirmation mail needs. */
export type PaymentFacts = { method: 'card' | 'bank_transfer'; bankTransferDetails: string | null; reference: string };

/**
 * The confirmation's payment part: what to pay, by when, and how; only what is true on this install (0252). The terms are
 * the checkout's own (`checkoutAmounts` with `balanceDue`): under 14 days away no deposit is offered, so the mail never
 * speaks of a deposit beside "due now" (issue 31).
 */
function paymentLines(b: BookerBooking, payment: PaymentFacts, link: string, now: Date): string[] {
  const total = toMinorUnits(b.total_price);
  const options = checkoutAmounts(total, 0, balanceDue(b.date, todayIn(b.timezone, now)));
  const dueText = balanceDueText(b.date, b.timezone, now);
  const lines =
    options.deposit !== null
      ? [
          `To confirm your booking, pay a deposit of ${formatPence(options.deposit, b.currency)} (${DEPOSIT_PERCENT} %) or the full ${formatPence(total, b.currency)}. The balance is due ${dueText}.`,
        ]
      : [`To confirm your booking, pay ${formatPence(total, b.currency)}, due ${dueText}.`];
  if (payment.method === 'card') return [...lines, `Pay online by card from your booking page: ${link}`];
  if (payment.bankTransferDetails) {
    return [
      ...lines,
      'Pay by bank transfer to:',
      payment.bankTransferDetails,
      `Reference: ${payment.reference}`,
      'Please quote the reference so we can match your payment; we email you a receipt when it arrives.',
    ];
  }
  return [...lines, `To pay by bank transfer, reply to this email and we will send you our account details. Your reference: ${payment.reference}`];
}

/**
 * Why the confirmation goes out: the booking was made, or the booker's own change altered its total (issue 31), when a
 * new confirmation carries the current amount, so no mail the booker keeps names a stale total as the latest.
 */
export type ConfirmationOccasion = 'booked' | 'total_changed';

/** The booker's confirmation from the wizard: what they booked, what it costs, how to pay, and the link to manage it. */
export function bookingConfirmationMail(
  b: BookerBooking,
  baseUrl: string,
  payment: PaymentFacts,
  now: Date = new Date(),
  occasion: ConfirmationOccasion = 'booked',
): OutgoingMail {
  const when = whenText({ date: b.date, meetingTime: b.meeting_time, timezone: b.timezone });
  const plan = PLANS.find((p) => p.type === b.plan_type)?.name ?? b.plan_type;
  const addOns = b.add_ons.map((t) => ADD_ONS.find((a) => a.type === t)?.name ?? t);
  const link = manageUrl(baseUrl, b);
  const rows: [string, string][] = [
    ['Date', when.date],
    ['Meeting time', when.time],
    ['City', b.city],
    ['Players', String(b.players)],
    ['Game type', plan],
    ['Add-ons', addOns.length ? addOns.join(', ') : 'None'],
    // The one breakdown (shared/price-breakdown.ts): per person × players, add-ons, the discount with its code, total.
    ...priceBreakdown(b).map((line): [string, string] => [line.label, line.text]),
  ];
  const pay = paymentLines(b, payment, link, now);
  const hello = greeting(b.full_name);
  const intro =
    occasion === 'total_changed'
      ? `Your booking has changed and so has its total: it is now ${formatMoney(b.total_price, b.currency)}. Here are your game details as they stand.`
      : 'Thanks for booking a Chicken hunt! Here are your game details.';
  const text = [
    hello,
    '',
    intro,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    ...pay,
    '',
    `Manage your booking: ${link}`,
    `Your booking code: ${b.temp_code}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    htmlRows(rows),
    `<div data-part="payment">${pay.map((line) => `<p style="white-space:pre-line">${escapeHtml(line)}</p>`).join('')}</div>`,
    `<p><a href="${escapeHtml(link)}">Manage your booking</a> (code ${escapeHtml(b.temp_code)})</p>`,
  ].join('\n');
  const subject =
    occasion === 'total_changed'
      ? `Updated booking: your hatch game on ${when.date} in ${b.city}, now ${formatMoney(b.total_price, b.currency)}`
      : `Your hatch game on ${when.date} in ${b.city}`;
  return { to: b.email, subject, text, html, kind: 'booking_confirmation' };
}
