import type { DbOrTx } from '../../../platform/db/client';
import type { OutgoingMail } from '../../../platform/mail';
import { bookingLinks } from '../../../../shared/booking-links';
import { escapeHtml } from '../../../../shared/html';
import { greeting, htmlRows, whenText } from './mail-parts';
import { bookerInvite } from '../booking-calendar';
import { loadBookingMailFacts, type BookingMailer, type BookingMailFacts } from './mail-facts';

/** The game code and the organiser's links, at the moments the booker needs them (decision 0140). */

/** When the booker is sent their code and links: the booking became paid, staff moved it, or staff created it. */
export type GameLinksMoment = 'paid' | 'date_changed' | 'created_by_staff';

const MOMENTS: Record<GameLinksMoment, { kind: string; subject: (f: BookingMailFacts, date: string) => string; opening: (f: BookingMailFacts) => string }> = {
  paid: {
    kind: 'booking.paid',
    subject: (f) => `Your game is booked: game code ${f.gameCode ?? ''}`.trim(),
    opening: () => 'Thank you: your payment is in and your Chicken hunt is booked.',
  },
  date_changed: {
    kind: 'booking.date_changed',
    subject: (f, date) => `Your hatch game in ${f.city} is now on ${date}`,
    opening: () => 'Our team has changed the date or time of your game. Here are the new details.',
  },
  created_by_staff: {
    kind: 'booking.created_by_staff',
    subject: (f, date) => `Your hatch game on ${date} in ${f.city}`,
    opening: () => 'Our team has booked a Chicken hunt for you. Here are your game details.',
  },
};

/** The booker's mail of a moment: when and where, the game code and join link for players, the private link. */
export function gameLinksMail(f: BookingMailFacts, baseUrl: string, moment: GameLinksMoment): OutgoingMail {
  const m = MOMENTS[moment];
  const when = whenText(f);
  const links = bookingLinks(baseUrl, { tempCode: f.tempCode, gameCode: f.gameCode, manageKey: f.manageKey });
  const details: [string, string][] = [
    ['Date', when.date],
    ['Meeting time', when.time],
    ['City', f.city],
    ['Players', String(f.players)],
  ];
  const players: string[] =
    f.gameCode && links.join
      ? [`Game code for your players: ${f.gameCode}`, `Players join at: ${links.join}`]
      : ['Your game code for the players comes by email once your booking is paid.'];
  const organiser = [
    `Your private management link: ${links.manage}`,
    'Use it to set up your game (challenges, meeting point, hiding spot, teams, the Chicken). Keep it to yourself: anyone with it can change your game.',
  ];
  const hello = greeting(f.fullName);
  const text = [hello, '', m.opening(f), '', ...details.map(([k, v]) => `${k}: ${v}`), '', ...players, '', ...organiser].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(m.opening(f))}</p>`,
    htmlRows(details),
    f.gameCode && links.join
      ? `<p>Game code for your players: <strong>${escapeHtml(f.gameCode)}</strong><br>Players join at: <a href="${escapeHtml(links.join)}">${escapeHtml(links.join)}</a></p>`
      : `<p>${escapeHtml(players[0] ?? '')}</p>`,
    `<p><a href="${escapeHtml(links.manage)}">Your private management link</a><br>${escapeHtml(organiser[1] ?? '')}</p>`,
  ].join('\n');
  return { to: f.email, subject: m.subject(f, when.date), text, html, kind: m.kind };
}

/** Queues the moment's mail to the booker, in the caller's transaction, with the booking's id. */
export async function queueGameLinksMail(tx: DbOrTx, mailer: BookingMailer, bookingId: number, moment: GameLinksMoment): Promise<void> {
  const facts = await loadBookingMailFacts(tx, bookingId);
  // Each of these moments is about the game's time: the mail carries the calendar invite (decision 0373).
  const icalEvent = await bookerInvite(tx, { from: mailer.mail.from, baseUrl: mailer.baseUrl }, bookingId);
  await mailer.mail.queue(tx, { ...gameLinksMail(facts, mailer.baseUrl, moment), bookingId, icalEvent });
}
