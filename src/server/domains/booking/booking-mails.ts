import { eq } from 'drizzle-orm';
import { format, isValid, parse } from 'date-fns';
import type { DbOrTx } from '../../platform/db/client';
import { bookings } from './tables/bookings';
import { bookingGame } from '../game/records';
import { users } from '../identity/tables/users';
import type { Mailer, OutgoingMail } from '../../platform/mail';
import { NotFoundError } from '../../platform/errors';
import type { BookerBooking } from '../../../shared/api/booking';
import { bookingLinks, hostPath, manageResultsPath } from '../../../shared/booking-links';
import { ADD_ONS, PLANS } from '../../../shared/plans';
import { formatMoney, formatPence, toMinorUnits } from '../../../shared/money';
import { balanceDue, checkoutAmounts, DEPOSIT_PERCENT } from '../../../shared/payments';
import { API_DATE, formatTimestamp, SELECTABLE_TIMEZONES, todayIn } from '../../../shared/time';
import { meetingTimeOf } from '../../../shared/meeting-time';
import { escapeHtml } from '../../../shared/html';

/**
 * Every mail about a booking to its booker, built here (the links from shared/booking-links.ts, from the configured
 * public origin passed in as `baseUrl`). Callers queue them inside the transaction of the change they report, with
 * the booking's id, so a mail leaves only if the change commits and shows in the booking's mail history.
 */

function greeting(name: string | null): string {
  return name ? `Hi ${name},` : 'Hi,';
}

/** The game's own local date and time: stored as the booker chose them, in the game's zone. */
function whenText(b: { date: string; meetingTime: unknown; timezone: string }): { date: string; time: string } {
  const day = parse(b.date, API_DATE, new Date(0));
  const zoneLabel = SELECTABLE_TIMEZONES.find((z) => z.zone === b.timezone)?.label ?? b.timezone;
  // A stored time that cannot be read is the spec's fallback, 14:00 (shared/meeting-time.ts).
  const time = meetingTimeOf(b.meetingTime);
  const hh = String(time.hour).padStart(2, '0');
  const mm = String(time.minute).padStart(2, '0');
  return { date: isValid(day) ? format(day, 'EEEE d MMMM yyyy') : b.date, time: `${hh}:${mm} (${zoneLabel} time)` };
}

/** Where the booker manages a booking before payment: /hatch/{temp_code} on the public site. */
export function manageUrl(baseUrl: string, tempCode: string): string {
  return bookingLinks(baseUrl, { tempCode, gameCode: null, manageKey: '' }).hatch;
}

/** 'by 6 March 2027', or 'now' when the game is less than 14 days away (shared rule, 0252): never a past day. */
export function balanceDueText(gameDate: string, timezone: string, now: Date = new Date()): string {
  const due = balanceDue(gameDate, todayIn(timezone, now));
  const day = format(parse(due.date, API_DATE, new Date(0)), 'd MMMM yyyy');
  return due.onBooking ? `now, on booking (${day}): the game is less than 14 days away` : `by ${day}`;
}

/** How this install takes the booker's money (decision 0250): the facts the confirmation mail needs. */
export type PaymentFacts = { method: 'card' | 'bank_transfer'; bankTransferDetails: string | null; reference: string };

/** The confirmation's payment part: what to pay, by when, and how; only what is true on this install (0252). */
function paymentLines(b: BookerBooking, payment: PaymentFacts, link: string, now: Date): string[] {
  const total = toMinorUnits(b.total_price);
  const options = checkoutAmounts(total, 0);
  const amounts = options.deposit !== null
    ? `a deposit of ${formatPence(options.deposit, b.currency)} (${DEPOSIT_PERCENT} %) or the full ${formatPence(total, b.currency)}`
    : `${formatPence(total, b.currency)}`;
  const lines = [`To confirm your booking, pay ${amounts}. The balance is due ${balanceDueText(b.date, b.timezone, now)}.`];
  if (payment.method === 'card') return [...lines, `Pay online by card from your booking page: ${link}`];
  if (payment.bankTransferDetails) {
    return [...lines, 'Pay by bank transfer to:', payment.bankTransferDetails, `Reference: ${payment.reference}`, 'Please quote the reference so we can match your payment; we email you a receipt when it arrives.'];
  }
  return [...lines, `To pay by bank transfer, reply to this email and we will send you our account details. Your reference: ${payment.reference}`];
}

/** The booker's confirmation from the wizard: what they booked, what it costs, how to pay, and the link to manage it. */
export function bookingConfirmationMail(b: BookerBooking, baseUrl: string, payment: PaymentFacts, now: Date = new Date()): OutgoingMail {
  const when = whenText({ date: b.date, meetingTime: b.meeting_time, timezone: b.timezone });
  const plan = PLANS.find((p) => p.type === b.plan_type)?.name ?? b.plan_type;
  const addOns = b.add_ons.map((t) => ADD_ONS.find((a) => a.type === t)?.name ?? t);
  const link = manageUrl(baseUrl, b.temp_code);
  const rows: [string, string][] = [
    ['Date', when.date],
    ['Meeting time', when.time],
    ['City', b.city],
    ['Players', String(b.players)],
    ['Game type', plan],
    ['Add-ons', addOns.length ? addOns.join(', ') : 'None'],
    ['Price per person', formatMoney(b.price_per_person, b.currency)],
    ['Add-ons total', formatMoney(b.add_ons_total, b.currency)],
    ['Total', formatMoney(b.total_price, b.currency)],
  ];
  const pay = paymentLines(b, payment, link, now);
  const hello = greeting(b.full_name);
  const text = [
    hello,
    '',
    `Thanks for booking a Chicken hunt! Here are your game details.`,
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
    '<p>Thanks for booking a Chicken hunt! Here are your game details.</p>',
    `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    `<div data-part="payment">${pay.map((line) => `<p style="white-space:pre-line">${escapeHtml(line)}</p>`).join('')}</div>`,
    `<p><a href="${escapeHtml(link)}">Manage your booking</a> (code ${escapeHtml(b.temp_code)})</p>`,
  ].join('\n');
  return { to: b.email, subject: `Your hatch game on ${when.date} in ${b.city}`, text, html, kind: 'booking_confirmation' };
}

// ---------------------------------------------------------------------------------------------
// The game code and the organiser's links, at the moments the booker needs them (decision 0140).

/** When the booker is sent their code and links: the booking became paid, staff moved it, or staff created it. */
export type GameLinksMoment = 'paid' | 'date_changed' | 'created_by_staff';

/** What the mails read of a booking: its contact, schedule, codes and management key. */
export type BookingMailFacts = {
  email: string;
  fullName: string | null;
  city: string;
  players: number;
  date: string;
  meetingTime: { hour: number; minute: number };
  timezone: string;
  tempCode: string;
  manageKey: string;
  gameCode: string | null;
};

async function loadMailFacts(tx: DbOrTx, bookingId: number): Promise<BookingMailFacts> {
  const rows = await tx
    .select({
      email: bookings.email,
      fullName: bookings.fullName,
      city: bookings.city,
      players: bookings.players,
      date: bookings.date,
      meetingTime: bookings.meetingTime,
      timezone: bookings.timezone,
      tempCode: bookings.tempCode,
      manageKey: bookings.manageKey,
      gameCode: bookingGame.code,
    })
    .from(bookings)
    .leftJoin(bookingGame, eq(bookingGame.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  const row = rows[0];
  if (!row) throw new NotFoundError('Booking not found');
  return row;
}

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
    `<table>${details.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    f.gameCode && links.join
      ? `<p>Game code for your players: <strong>${escapeHtml(f.gameCode)}</strong><br>Players join at: <a href="${escapeHtml(links.join)}">${escapeHtml(links.join)}</a></p>`
      : `<p>${escapeHtml(players[0] ?? '')}</p>`,
    `<p><a href="${escapeHtml(links.manage)}">Your private management link</a><br>${escapeHtml(organiser[1] ?? '')}</p>`,
  ].join('\n');
  return { to: f.email, subject: m.subject(f, when.date), text, html, kind: m.kind };
}

/** Where booking mails get their links: the configured public origin (passed in, never read from a request here). */
export type BookingMailer = { mail: Mailer; baseUrl: string };

/** Queues the moment's mail to the booker, in the caller's transaction, with the booking's id. */
export async function queueGameLinksMail(tx: DbOrTx, mailer: BookingMailer, bookingId: number, moment: GameLinksMoment): Promise<void> {
  const facts = await loadMailFacts(tx, bookingId);
  await mailer.mail.queue(tx, { ...gameLinksMail(facts, mailer.baseUrl, moment), bookingId });
}

// ---------------------------------------------------------------------------------------------
// Staff actions on the game (queued by the booking detail's changes).

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

// ---------------------------------------------------------------------------------------------
// The host of a game (issue 19, decision 0223): told when assigned (Host Assignment or the emergency change), and the
// host it replaces told they are no longer needed. What a host may know of a booking (0223): no prices, no email.

export type HostMailFacts = {
  host: { name: string; email: string };
  groupName: string | null;
  phone: string | null;
  city: string;
  players: number;
  date: string;
  meetingTime: { hour: number; minute: number };
  timezone: string;
  meetingPointAddress: string | null;
  gameCode: string | null;
};

async function loadHostMailFacts(tx: DbOrTx, bookingId: number, hostId: number): Promise<HostMailFacts | null> {
  const rows = await tx
    .select({
      groupName: bookings.fullName,
      phone: bookings.tel,
      city: bookings.city,
      players: bookings.players,
      date: bookings.date,
      meetingTime: bookings.meetingTime,
      timezone: bookings.timezone,
      meetingPointAddress: bookings.meetingPointAddress,
      gameCode: bookingGame.code,
    })
    .from(bookings)
    .leftJoin(bookingGame, eq(bookingGame.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  const hosts = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, hostId)).limit(1);
  const row = rows[0];
  const host = hosts[0];
  return row && host ? { ...row, host } : null;
}

/** The game's date and meeting time in its zone, the meeting point, the group, and the host console's link. */
export function hostAssignedMail(f: HostMailFacts, baseUrl: string): OutgoingMail {
  const when = whenText(f);
  const base = baseUrl.replace(/\/+$/, '');
  const consoleUrl = f.gameCode ? `${base}${hostPath(f.gameCode)}` : `${base}/host`;
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
  const opening = "You are the host of a Chicken hunt. Here are the game's details.";
  const loginNote = 'Log in with your staff account to open it.';
  return {
    to: f.host.email,
    subject: `You are hosting a hatch game on ${when.date} in ${f.city}`,
    kind: 'host.assigned',
    text: [hello, '', opening, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', consoleLine, loginNote].join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(opening)}</p>`,
      `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
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
  if (facts) await mailer.mail.queue(tx, { ...hostAssignedMail(facts, mailer.baseUrl), bookingId: change.bookingId });
  if (change.previousHostId === null) return;
  const previous = await loadHostMailFacts(tx, change.bookingId, change.previousHostId);
  if (previous) await mailer.mail.queue(tx, { ...hostUnassignedMail(previous), bookingId: change.bookingId });
}

// ---------------------------------------------------------------------------------------------
// Receipts (decision 0250): one for every payment and every refund, whoever recorded it.

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
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(opening)}</p>`,
      `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    ].join('\n'),
  };
}

// After the game (issue 14).

export type ResultsTeam = { rank: number; name: string; total: number };

/** The booker's mail when the game ends: the final leaderboard and where the results and the photo album are. */
export function resultsMail(f: Pick<BookingMailFacts, 'email' | 'fullName' | 'city' | 'manageKey' | 'gameCode'>, teams: readonly ResultsTeam[], baseUrl: string): OutgoingMail {
  const link = `${baseUrl.replace(/\/$/, '')}${manageResultsPath(f.manageKey)}`;
  const hello = greeting(f.fullName);
  const opening = `Your Chicken hunt in ${f.city} is over. Here is the final leaderboard.`;
  const lines = teams.length ? teams.map((t) => `${t.rank}. ${t.name}: ${t.total} points`) : ['No team took part.'];
  const album = 'The results and the photo album of the approved photos are on your results page:';
  const text = [hello, '', opening, '', ...lines, '', album, link].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(opening)}</p>`,
    `<ol>${teams.map((t) => `<li>${escapeHtml(t.name)}: ${t.total} points</li>`).join('') || '<li>No team took part.</li>'}</ol>`,
    `<p>${escapeHtml(album)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  ].join('\n');
  return { to: f.email, subject: `Your hatch results: game ${f.gameCode ?? ''}`.trim(), text, html, kind: RESULTS_MAIL_KIND };
}

export const RESULTS_MAIL_KIND = 'game.results';

/** Queues the results mail to the booker, in the caller's transaction. */
export async function queueResultsMail(tx: DbOrTx, mailer: BookingMailer, bookingId: number, teams: readonly ResultsTeam[]): Promise<void> {
  const facts = await loadMailFacts(tx, bookingId);
  await mailer.mail.queue(tx, { ...resultsMail(facts, teams, mailer.baseUrl), bookingId });
}
