import type { OutgoingMail } from '../../../platform/mail';
import { formatTimestamp } from '../../../../shared/time';
import { escapeHtml } from '../../../../shared/html';

/** Staff actions on the game's set-up, queued by the booking detail's changes: the hiding spot, locked sections. */

/** The designated Chicken: the email given for the Chicken, else the booker's own. */
export function chickenEmailOf(b: { assignedChickenEmail: string | null; email: string }): string {
  return b.assignedChickenEmail?.trim() || b.email;
}

/**
 * Staff set the hiding spot: the designated Chicken hears where to hide and, once the game exists, gets its own join
 * link (`?chicken=KEY`, decision 0280), which is not the players' link.
 */
export function hidingSpotMail(
  b: { assignedChickenEmail: string | null; email: string; utcDateTime: Date | null; timezone: string; date: string },
  address: string,
  code: string,
  chickenLink: string | null,
): OutgoingMail {
  const when = b.utcDateTime ? `${formatTimestamp(b.utcDateTime, b.timezone).slice(0, 16)} (${b.timezone})` : b.date;
  const join = chickenLink
    ? [
        'On the day, open your own Chicken link on your phone: it joins you to the game as the Chicken (not as a player) and shows your found-code.',
        '',
        chickenLink,
        '',
        'This link is for you alone: anyone who opens it joins as the Chicken. Do not forward it to the players.',
      ]
    : ['Your own link to join the game as the Chicken comes once the game is booked and paid.'];
  const text = [
    'Hello Chicken,',
    '',
    `Our team has set the hiding spot for your game ${code} on ${when}:`,
    '',
    address,
    '',
    'Head there before the hunt starts and keep it to yourself!',
    '',
    ...join,
  ].join('\n');
  const html = [
    '<p>Hello Chicken,</p>',
    `<p>Our team has set the hiding spot for your game ${escapeHtml(code)} on ${escapeHtml(when)}:</p>`,
    `<p><strong>${escapeHtml(address)}</strong></p>`,
    '<p>Head there before the hunt starts and keep it to yourself!</p>',
    chickenLink
      ? `<p>${escapeHtml(join[0] ?? '')}</p><p><a href="${escapeHtml(chickenLink)}">Join as the Chicken</a><br>${escapeHtml(chickenLink)}</p><p>${escapeHtml(join[4] ?? '')}</p>`
      : `<p>${escapeHtml(join[0] ?? '')}</p>`,
  ].join('\n');
  return { to: chickenEmailOf(b), subject: `Your hiding spot for game ${code}`, kind: 'booking.hiding_spot', text, html };
}

/** Staff locked sections of the game: the booker hears they can no longer change them online. */
export function sectionsLockedMail(b: { email: string; fullName: string | null }, code: string, sectionLabels: readonly string[]): OutgoingMail {
  const list = sectionLabels.join(', ');
  return {
    to: b.email,
    subject: `Your game ${code}: ${list} locked`,
    kind: 'booking.locked',
    text: [
      `Hello${b.fullName ? ` ${b.fullName}` : ''},`,
      '',
      `Our team has finalised these parts of your game ${code}, so they can no longer be changed from your booking page: ${list}.`,
      '',
      'If something needs to change, just reply to this email.',
    ].join('\n'),
  };
}
