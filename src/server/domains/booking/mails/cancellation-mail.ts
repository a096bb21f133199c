import type { DbOrTx } from '../../../platform/db/client';
import type { OutgoingMail } from '../../../platform/mail';
import { escapeHtml } from '../../../../shared/html';
import { bookerInvite } from '../booking-calendar';
import { greeting, htmlRows, whenText } from './mail-parts';
import { loadBookingMailFacts, type BookingMailer, type BookingMailFacts } from './mail-facts';
import { mailText } from '../../../platform/i18n';
import { DEFAULT_LANGUAGE } from '../../../../shared/i18n/languages';

export const CANCELLATION_MAIL_KIND = 'booking.cancelled';

/** The booker hears their game is off: which game, and that their calendar's event goes with it. */
export function cancellationMail(f: BookingMailFacts): OutgoingMail {
  // In the booker's language (decision 0591).
  const w = mailText(f.language ?? DEFAULT_LANGUAGE);
  const when = whenText(f, w);
  const details: [string, string][] = [
    [w.t('rowDate'), when.date],
    [w.t('rowMeetingTime'), when.time],
    [w.t('rowCity'), f.city],
    [w.t('bookingCode'), f.tempCode],
  ];
  const hello = greeting(f.fullName, w);
  const opening = w.t('cancelledOpening');
  const calendar = w.t('cancelledCalendar');
  const contact = w.t('cancelledContact');
  return {
    to: f.email,
    subject: w.t('cancelledSubject', { date: when.date, city: f.city }),
    kind: CANCELLATION_MAIL_KIND,
    text: [hello, '', opening, '', ...details.map(([k, v]) => `${k}: ${v}`), '', calendar, contact].join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(opening)}</p>`,
      htmlRows(details),
      `<p>${escapeHtml(calendar)}</p>`,
      `<p>${escapeHtml(contact)}</p>`,
    ].join('\n'),
  };
}

/**
 * Queues the cancellation in the caller's transaction, after the booking was closed: its invite is a CANCEL of the
 * event the earlier mails put in the booker's calendar (same UID, the SEQUENCE the closing raised, decision 0374).
 */
export async function queueCancellationMail(tx: DbOrTx, mailer: BookingMailer, bookingId: number): Promise<void> {
  const facts = await loadBookingMailFacts(tx, bookingId);
  const icalEvent = await bookerInvite(tx, { from: mailer.mail.from, baseUrl: mailer.baseUrl }, bookingId);
  await mailer.mail.queue(tx, { ...cancellationMail(facts), bookingId, icalEvent });
}
