import { format, parse } from 'date-fns';
import type { OutgoingMail } from '../../../platform/mail';
import { bankTransferReference } from '../../../platform/payment-provider/bank-transfer';
import { bookingLinks, feedbackUrlOf } from '../../../../shared/booking-links';
import { escapeHtml } from '../../../../shared/html';
import { pageUrl, paths } from '../../../../shared/page-paths';
import { formatPence } from '../../../../shared/money';
import { API_DATE } from '../../../../shared/time';
import type { MessageKind } from '../../../../shared/message-schedule';
import { dayText, greeting, htmlRows, moneyLocale, whenText } from './mail-parts';
import type { BookingMailFacts } from './mail-facts';
import { mailText, type MailText } from '../../../platform/i18n';
import { DEFAULT_LANGUAGE } from '../../../../shared/i18n/languages';

/** The mails of a booking's message schedule (issue 31, decision 0380): reminders, balance chasers, feedback request. */

export type ScheduledMailFacts = BookingMailFacts & {
  id: number;
  currency: string;
  meetingPointAddress: string | null;
  meetingPointNotes: string | null;
  /** Pence still due (shared/payments dueOf). */
  amountDue: number;
  /** yyyy-MM-dd, as the booker was told at booking (shared/message-schedule balanceDueDate). */
  balanceDueDate: string;
  bankTransferDetails: string | null;
  reminderDays: { first: number; second: number };
};

/** What the organiser should have with them on the day (the mail catalogue's keys, shared/i18n/<lang>/mail.json). */
const WHAT_TO_BRING = ['bringPhone', 'bringShoes', 'bringCode'] as const;

const day = (d: string) => format(parse(d, API_DATE, new Date(0)), 'd MMMM yyyy');
const textOf = (lines: readonly (string | null)[]) => lines.filter((l): l is string => l !== null).join('\n');

function mail(
  f: ScheduledMailFacts,
  kind: MessageKind,
  subject: string,
  paragraphs: readonly (readonly string[])[],
  rows: [string, string][] = [],
): OutgoingMail {
  const hello = greeting(f.fullName, mailText(f.language ?? DEFAULT_LANGUAGE));
  const text = textOf([hello, '', ...paragraphs.flatMap((p) => [...p, '']), ...rows.map(([k, v]) => `${k}: ${v}`)]).trimEnd();
  const html = [`<p>${escapeHtml(hello)}</p>`, ...paragraphs.map((p) => `<p>${p.map(escapeHtml).join('<br>')}</p>`), rows.length ? htmlRows(rows) : '']
    .filter(Boolean)
    .join('\n');
  return { to: f.email, subject, text, html, kind };
}

/** The game reminder: when and where, the meeting point, the players' join link, the private link, what to bring. */
function gameReminder(f: ScheduledMailFacts, kind: 'game_reminder_first' | 'game_reminder_second', baseUrl: string): OutgoingMail {
  const days = kind === 'game_reminder_first' ? f.reminderDays.first : f.reminderDays.second;
  // In the booker's language (decision 0591).
  const words = mailText(f.language ?? DEFAULT_LANGUAGE);
  const when = whenText(f, words);
  const links = bookingLinks(baseUrl, { tempCode: f.tempCode, gameCode: f.gameCode, manageKey: f.manageKey });
  const soon = words.t('soon', { days });
  const meeting = f.meetingPointAddress
    ? [words.t('meetingPoint', { address: f.meetingPointAddress }), ...(f.meetingPointNotes ? [f.meetingPointNotes] : [])]
    : [words.t('meetingPointUnset')];
  const players = f.gameCode && links.join ? [words.t('gameCodeForPlayers', { code: f.gameCode }), words.t('playersJoinAt', { link: links.join })] : [];
  return mail(f, kind, words.t('reminderSubject', { city: f.city, soon }), [
    [words.t('reminderWhen', { soon, date: when.date, time: when.time, city: f.city, players: f.players })],
    meeting,
    ...(players.length ? [players] : []),
    [words.t('privateLink', { link: links.manage }), words.t('keepPrivate')],
    [words.t('whatToBring'), ...WHAT_TO_BRING.map((w) => `- ${words.t(w)}`)],
  ]);
}

function howToPay(f: ScheduledMailFacts, baseUrl: string, w: MailText): string[] {
  const links = bookingLinks(baseUrl, { tempCode: f.tempCode, gameCode: f.gameCode, manageKey: f.manageKey });
  const reference = bankTransferReference(f.tempCode);
  const account = f.bankTransferDetails ? [w.t('payByTransferTo'), f.bankTransferDetails] : [w.t('replyForBankShort')];
  return [...account, w.t('reference', { reference }), w.t('yourBooking', { link: f.gameCode ? links.manage : links.hatch })];
}

/** The booker's and staff's mail of one scheduled message (the staff notice is addressed by the caller). */
export function scheduledMail(f: ScheduledMailFacts, kind: MessageKind, baseUrl: string): OutgoingMail {
  // The booker's mails in their language (decision 0591); staff's overdue notice stays English.
  const w = mailText(f.language ?? DEFAULT_LANGUAGE);
  const amount = formatPence(f.amountDue, f.currency);
  const theirs = formatPence(f.amountDue, f.currency, moneyLocale(w));
  const dueDay = dayText(f.balanceDueDate, w);
  switch (kind) {
    case 'game_reminder_first':
    case 'game_reminder_second':
      return gameReminder(f, kind, baseUrl);
    case 'balance_reminder':
      return mail(f, kind, w.t('balanceSubject', { amount: theirs, day: dueDay }), [
        [w.t('balanceText', { amount: theirs, city: f.city, day: dueDay })],
        howToPay(f, baseUrl, w),
      ]);
    case 'balance_due_reminder':
      return mail(f, kind, w.t('balanceTodaySubject', { amount: theirs }), [
        [w.t('balanceTodayText', { amount: theirs, city: f.city, day: dueDay })],
        howToPay(f, baseUrl, w),
      ]);
    case 'balance_overdue':
      return mail({ ...f, fullName: null, language: DEFAULT_LANGUAGE }, kind, `Balance overdue: booking ${f.tempCode}`, [
        [
          `${amount} of booking ${f.tempCode} (${f.fullName ?? f.email}, ${f.city}, game on ${day(f.date)}) was due on ${day(f.balanceDueDate)} and is not paid.`,
        ],
        [`The booking: ${pageUrl(baseUrl, paths.admin.booking(f.id))}`],
      ]);
    case 'feedback_request':
      return mail(f, kind, w.t('feedbackSubject', { city: f.city }), [[w.t('feedbackText')], [feedbackUrlOf(baseUrl, f.manageKey)]]);
  }
}
