import type { OutgoingMail } from '../../../platform/mail';
import type { BookerBooking } from '../../../../shared/api/booking';
import { bookingLinks } from '../../../../shared/booking-links';
import { addOnText, planText, type ItemTranslations } from '../../../../shared/plans';
import { formatMoney, formatPence, toMinorUnits } from '../../../../shared/money';
import { BALANCE_DUE_DAYS, balanceDue, checkoutAmounts, DEPOSIT_PERCENT } from '../../../../shared/payments';
import { todayIn } from '../../../../shared/time';
import { priceBreakdown } from '../../../../shared/price-breakdown';
import { escapeHtml } from '../../../../shared/html';
import { dayText, ENGLISH_MAIL, greeting, htmlRows, moneyLocale, priceWordsOf, whenText } from './mail-parts';
import { mailText, type MailText } from '../../../platform/i18n';

/** The booker's confirmation from the wizard (before payment), and the balance-due words receipts share. */

/**
 * Where the booker manages a booking: the private /manage/{key} link, which shows the unpaid booking's page too. Not
 * /hatch/{temp_code}: the temp code alone reads no contact details and cannot pay (issue 36, decision 0526).
 */
export function manageUrl(baseUrl: string, b: Pick<BookerBooking, 'temp_code' | 'manage_key'>): string {
  return bookingLinks(baseUrl, { tempCode: b.temp_code, gameCode: null, manageKey: b.manage_key }).manage;
}

/** 'by 6 March 2027', or 'now' when the game is 14 days away or less (shared rule, 0252, 0505): never a past day. */
export function balanceDueText(gameDate: string, timezone: string, now: Date = new Date(), text: MailText = ENGLISH_MAIL): string {
  const due = balanceDue(gameDate, todayIn(timezone, now));
  const day = dayText(due.date, text);
  return due.onBooking ? text.t('dueNow', { day, days: BALANCE_DUE_DAYS }) : text.t('dueBy', { day });
}

/** How this install takes the booker's money (decision 0250): the facts the confirmation mail needs. */
export type PaymentFacts = { method: 'card' | 'bank_transfer'; bankTransferDetails: string | null; reference: string };

/**
 * The confirmation's payment part: what to pay, by when, and how; only what is true on this install (0252). The terms are
 * the checkout's own (`checkoutAmounts` with `balanceDue`): under 14 days away no deposit is offered, so the mail never
 * speaks of a deposit beside "due now" (issue 31).
 */
function paymentLines(b: BookerBooking, payment: PaymentFacts, link: string, now: Date, text: MailText): string[] {
  const total = toMinorUnits(b.total_price);
  const options = checkoutAmounts(total, 0, balanceDue(b.date, todayIn(b.timezone, now)));
  const due = balanceDueText(b.date, b.timezone, now, text);
  const money = (minor: number) => formatPence(minor, b.currency, moneyLocale(text));
  const lines =
    options.deposit !== null
      ? [text.t('payDeposit', { deposit: money(options.deposit), percent: DEPOSIT_PERCENT, total: money(total), due })]
      : [text.t('payFull', { total: money(total), due })];
  if (payment.method === 'card') return [...lines, text.t('payByCard', { link })];
  if (payment.bankTransferDetails) {
    return [...lines, text.t('payByTransferTo'), payment.bankTransferDetails, text.t('reference', { reference: payment.reference }), text.t('quoteReference')];
  }
  return [...lines, text.t('replyForBank', { reference: payment.reference })];
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
  /** Staff's translations of plan and add-on names (decision 0630); needed only for a booking not in English. */
  items: ItemTranslations = {},
): OutgoingMail {
  // In the booker's language (decision 0591); English is the wording the spec and its tests read.
  const words = mailText(b.language);
  const when = whenText({ date: b.date, meetingTime: b.meeting_time, timezone: b.timezone }, words);
  const plan = planText(b.plan_type, b.language, items).name;
  const addOns = b.add_ons.map((t) => addOnText(t, b.language, items).name);
  const link = manageUrl(baseUrl, b);
  const rows: [string, string][] = [
    [words.t('rowDate'), when.date],
    [words.t('rowMeetingTime'), when.time],
    [words.t('rowCity'), b.city],
    [words.t('rowPlayers'), String(b.players)],
    [words.t('rowGameType'), plan],
    [words.t('rowAddOns'), addOns.length ? addOns.join(', ') : words.t('none')],
    // The one breakdown (shared/price-breakdown.ts): per person × players, add-ons, the discount with its code, total.
    ...priceBreakdown(b, priceWordsOf(words)).map((line): [string, string] => [line.label, line.text]),
  ];
  const pay = paymentLines(b, payment, link, now, words);
  const hello = greeting(b.full_name, words);
  const total = formatMoney(b.total_price, b.currency, moneyLocale(words));
  const intro = occasion === 'total_changed' ? words.t('introTotalChanged', { total }) : words.t('introBooked');
  const text = [
    hello,
    '',
    intro,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    ...pay,
    '',
    words.t('manageLine', { link }),
    words.t('bookingCodeLine', { code: b.temp_code }),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    htmlRows(rows),
    `<div data-part="payment">${pay.map((line) => `<p style="white-space:pre-line">${escapeHtml(line)}</p>`).join('')}</div>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.t('manageLink'))}</a> ${escapeHtml(words.t('manageLinkCode', { code: b.temp_code }))}</p>`,
  ].join('\n');
  const subject =
    occasion === 'total_changed'
      ? words.t('subjectTotalChanged', { date: when.date, city: b.city, total })
      : words.t('subjectBooked', { date: when.date, city: b.city });
  return { to: b.email, subject, text, html, kind: 'booking_confirmation' };
}
