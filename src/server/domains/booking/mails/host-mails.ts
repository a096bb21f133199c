import type { DbOrTx } from '../../../platform/db/client';
import type { OutgoingMail } from '../../../platform/mail';
import { pageUrl, paths } from '../../../../shared/page-paths';
import { escapeHtml } from '../../../../shared/html';
import { greeting, htmlRows, whenText } from './mail-parts';
import { loadHostMailFacts, type BookingMailer, type HostMailFacts } from './mail-facts';
import { hostInvite } from '../booking-calendar';

/**
 * The host of a game (issue 19, decision 0223): told when assigned (Host Assignment or the emergency change), and the
 * host it replaces told they are no longer needed.
 */

/** The game's date and meeting time in its zone, the meeting point, the group, and the host console's link. */
export function hostAssignedMail(f: HostMailFacts, baseUrl: string): OutgoingMail {
  return hostGameMail(f, baseUrl, 'assigned');
}

/** The assigned host's mail when staff move the game's date or time: the same details, at the new time (issue 36). */
export function hostDateMovedMail(f: HostMailFacts, baseUrl: string): OutgoingMail {
  return hostGameMail(f, baseUrl, 'moved');
}

function hostGameMail(f: HostMailFacts, baseUrl: string, why: 'assigned' | 'moved'): OutgoingMail {
  const when = whenText(f);
  const consoleUrl = pageUrl(baseUrl, f.gameCode ? paths.host(f.gameCode) : paths.hostHome);
  const rows: [string, string][] = [
    ['Date', when.date],
    ['Meeting time', when.time],
    ['Meeting point', f.meetingPointAddress?.trim() || 'Not set yet: it will show in your host console once it is'],
    ['City', f.city],
    ['Group', f.groupName ?? 'Not given'],
    ['Players', String(f.players)],
    ...(f.phone ? ([['Group contact phone', f.phone]] as [string, string][]) : []),
    ...(f.gameCode ? ([['Game code', f.gameCode]] as [string, string][]) : []),
  ];
  const consoleLine = f.gameCode
    ? `Run the game from your host console: ${consoleUrl}`
    : `The game appears in your host console once the booking is paid: ${consoleUrl}`;
  const hello = greeting(f.host.name);
  const opening =
    why === 'assigned'
      ? "You are the host of a Chicken hunt. Here are the game's details."
      : `The Chicken hunt you host in ${f.city} has a new date or time: ${when.date} at ${when.time}. Here are the game's details.`;
  const loginNote = 'Log in with your staff account to open it.';
  return {
    to: f.host.email,
    subject: why === 'assigned' ? `You are hosting a hatch game on ${when.date} in ${f.city}` : `Your hatch game in ${f.city} moved to ${when.date}`,
    kind: why === 'assigned' ? 'host.assigned' : 'host.date_changed',
    text: [hello, '', opening, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', consoleLine, loginNote].join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(opening)}</p>`,
      htmlRows(rows),
      `<p><a href="${escapeHtml(consoleUrl)}">${escapeHtml(f.gameCode ? 'Open your host console' : 'Your host console')}</a><br>${escapeHtml(consoleLine)}<br>${escapeHtml(loginNote)}</p>`,
    ].join('\n'),
  };
}

/** The host a change replaced: the game and its date, so they do not turn up. */
export function hostUnassignedMail(f: HostMailFacts): OutgoingMail {
  const when = whenText(f);
  const hello = greeting(f.host.name);
  const text = [
    hello,
    '',
    `You are no longer the host of the Chicken hunt on ${when.date} at ${when.time} in ${f.city}${f.gameCode ? ` (game ${f.gameCode})` : ''}: our team has given it to another host.`,
    '',
    'If you think this is a mistake, just reply to this email.',
  ].join('\n');
  return { to: f.host.email, subject: `You are no longer hosting the hatch game on ${when.date}`, kind: 'host.unassigned', text };
}

/**
 * Queues the mails of a change of host in the caller's transaction: the new host hears they host, the one replaced
 * that they do not. Nothing when the host stays the same.
 */
export async function queueHostChangeMails(
  tx: DbOrTx,
  mailer: BookingMailer,
  change: { bookingId: number; newHostId: number; previousHostId: number | null },
): Promise<void> {
  if (change.newHostId === change.previousHostId) return;
  const facts = await loadHostMailFacts(tx, change.bookingId, change.newHostId);
  if (facts)
    await mailer.mail.queue(tx, {
      ...hostAssignedMail(facts, mailer.baseUrl),
      bookingId: change.bookingId,
      icalEvent: await inviteOf(tx, mailer, change.bookingId, facts),
    });
  if (change.previousHostId === null) return;
  const previous = await loadHostMailFacts(tx, change.bookingId, change.previousHostId);
  if (previous) await mailer.mail.queue(tx, { ...hostUnassignedMail(previous), bookingId: change.bookingId });
}

/**
 * Queues the assigned host's mail about a new date or time in the caller's transaction (the change's own), with the
 * updated invite: the booker is not the only one who must turn up at the new time. Nothing when no host is assigned.
 */
export async function queueHostDateMovedMail(tx: DbOrTx, mailer: BookingMailer, change: { bookingId: number; hostId: number | null }): Promise<void> {
  if (change.hostId === null) return;
  const facts = await loadHostMailFacts(tx, change.bookingId, change.hostId);
  if (facts)
    await mailer.mail.queue(tx, {
      ...hostDateMovedMail(facts, mailer.baseUrl),
      bookingId: change.bookingId,
      icalEvent: await inviteOf(tx, mailer, change.bookingId, facts),
    });
}

/** The booking's event as the host's invite (decision 0373): the time the mail reports, read in its transaction. */
const inviteOf = (tx: DbOrTx, mailer: BookingMailer, bookingId: number, f: HostMailFacts) =>
  hostInvite(tx, { from: mailer.mail.from, baseUrl: mailer.baseUrl }, bookingId, f.host);
