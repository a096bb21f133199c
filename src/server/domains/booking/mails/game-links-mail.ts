import type { DbOrTx } from '../../../platform/db/client';
import type { OutgoingMail } from '../../../platform/mail';
import { bookingLinks } from '../../../../shared/booking-links';
import { escapeHtml } from '../../../../shared/html';
import { greeting, htmlRows, whenText } from './mail-parts';
import { bookerInvite } from '../booking-calendar';
import { loadBookingMailFacts, type BookingMailer, type BookingMailFacts } from './mail-facts';
import { mailText, type MailKey, type MailText } from '../../../platform/i18n';
import { DEFAULT_LANGUAGE } from '../../../../shared/i18n/languages';

/** The game code and the organiser's links, at the moments the booker needs them (decision 0140). */

/** When the booker is sent their code and links: the booking became paid, staff moved it, or staff created it. */
export type GameLinksMoment = 'paid' | 'date_changed' | 'created_by_staff';

/** Each moment's words in the booker's language (the mail catalogue, decision 0591). */
const MOMENTS: Record<GameLinksMoment, { kind: string; subject: (w: MailText, f: BookingMailFacts, date: string) => string; opening: MailKey }> = {
  paid: {
    kind: 'booking.paid',
    subject: (w, f) => w.t('paidSubject', { code: f.gameCode ?? '' }).trim(),
    opening: 'paidOpening',
  },
  date_changed: {
    kind: 'booking.date_changed',
    subject: (w, f, date) => w.t('movedSubject', { city: f.city, date }),
    opening: 'movedOpening',
  },
  created_by_staff: {
    kind: 'booking.created_by_staff',
    subject: (w, f, date) => w.t('subjectBooked', { date, city: f.city }),
    opening: 'staffBookedOpening',
  },
};

/** The booker's mail of a moment: when and where, the game code and join link for players, the private link. */
export function gameLinksMail(f: BookingMailFacts, baseUrl: string, moment: GameLinksMoment): OutgoingMail {
  const m = MOMENTS[moment];
  const w = mailText(f.language ?? DEFAULT_LANGUAGE);
  const when = whenText(f, w);
  const links = bookingLinks(baseUrl, { tempCode: f.tempCode, gameCode: f.gameCode, manageKey: f.manageKey });
  const details: [string, string][] = [
    [w.t('rowDate'), when.date],
    [w.t('rowMeetingTime'), when.time],
    [w.t('rowCity'), f.city],
    [w.t('rowPlayers'), String(f.players)],
  ];
  const players: string[] =
    f.gameCode && links.join ? [w.t('gameCodeForPlayers', { code: f.gameCode }), w.t('playersJoinAt', { link: links.join })] : [w.t('codeComesLater')];
  const organiser = [w.t('privateLink', { link: links.manage }), w.t('privateLinkUse')];
  const hello = greeting(f.fullName, w);
  const opening = w.t(m.opening);
  const text = [hello, '', opening, '', ...details.map(([k, v]) => `${k}: ${v}`), '', ...players, '', ...organiser].join('\n');
  // The HTML part marks the code and links up; its words are the text part's, from the same catalogue.
  const codeLine = f.gameCode ? w.t('gameCodeForPlayers', { code: '\u0000' }).split('\u0000') : [];
  const joinLine = links.join ? w.t('playersJoinAt', { link: '\u0000' }).split('\u0000') : [];
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(opening)}</p>`,
    htmlRows(details),
    f.gameCode && links.join
      ? `<p>${escapeHtml(codeLine[0] ?? '')}<strong>${escapeHtml(f.gameCode)}</strong>${escapeHtml(codeLine[1] ?? '')}<br>${escapeHtml(joinLine[0] ?? '')}<a href="${escapeHtml(links.join)}">${escapeHtml(links.join)}</a>${escapeHtml(joinLine[1] ?? '')}</p>`
      : `<p>${escapeHtml(players[0] ?? '')}</p>`,
    `<p><a href="${escapeHtml(links.manage)}">${escapeHtml(w.t('privateLinkTitle'))}</a><br>${escapeHtml(organiser[1] ?? '')}</p>`,
  ].join('\n');
  return { to: f.email, subject: m.subject(w, f, when.date), text, html, kind: m.kind };
}

/** Queues the moment's mail to the booker, in the caller's transaction, with the booking's id. */
export async function queueGameLinksMail(tx: DbOrTx, mailer: BookingMailer, bookingId: number, moment: GameLinksMoment): Promise<void> {
  const facts = await loadBookingMailFacts(tx, bookingId);
  // Each of these moments is about the game's time: the mail carries the calendar invite (decision 0373).
  const icalEvent = await bookerInvite(tx, { from: mailer.mail.from, baseUrl: mailer.baseUrl }, bookingId);
  await mailer.mail.queue(tx, { ...gameLinksMail(facts, mailer.baseUrl, moment), bookingId, icalEvent });
}
