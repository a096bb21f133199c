import type { DbOrTx } from '../../../platform/db/client';
import type { OutgoingMail } from '../../../platform/mail';
import { escapeHtml } from '../../../../shared/html';
import { bookerInvite } from '../booking-calendar';
import { greeting, htmlRows, whenText } from './mail-parts';
import { loadBookingMailFacts, type BookingMailer, type BookingMailFacts } from './mail-facts';

export const CANCELLATION_MAIL_KIND = 'booking.cancelled';

/** The booker hears their game is off: which game, and that their calendar's event goes with it. */
export function cancellationMail(f: BookingMailFacts): OutgoingMail {
  const when = whenText(f);
  const details: [string, string][] = [
    ['Date', when.date],
    ['Meeting time', when.time],
    ['City', f.city],
    ['Booking code', f.tempCode],
  ];
  const hello = greeting(f.fullName);
  const opening = 'Your Chicken hunt booking has been cancelled, so the game below will not take place.';
  const calendar = 'If you added it to your calendar, this email removes it there too.';
  const contact = 'If you think this is a mistake, or would like to book another date, just reply to this email.';
  return {
    to: f.email,
    subject: `Your hatch game on ${when.date} in ${f.city} is cancelled`,
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
