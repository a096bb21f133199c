import { format, isValid, parse } from 'date-fns';
import type { OutgoingMail } from '../../lib/mail';
import type { BookerBooking } from '../../../shared/api/booking';
import { ADD_ONS, PLANS } from '../../../shared/plans';
import { formatMoney } from '../../../shared/money';
import { API_DATE, SELECTABLE_TIMEZONES } from '../../../shared/time';

/** Where the booker manages a booking before payment: /hatch/{temp_code} on the public site. */
export function manageUrl(baseUrl: string, tempCode: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/hatch/${encodeURIComponent(tempCode)}`;
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** The game's own local date and time: stored as the booker chose them, in the game's zone. */
function whenText(b: BookerBooking): { date: string; time: string } {
  const day = parse(b.date, API_DATE, new Date(0));
  const zoneLabel = SELECTABLE_TIMEZONES.find((z) => z.zone === b.timezone)?.label ?? b.timezone;
  const hh = String(b.meeting_time.hour).padStart(2, '0');
  const mm = String(b.meeting_time.minute).padStart(2, '0');
  return { date: isValid(day) ? format(day, 'EEEE d MMMM yyyy') : b.date, time: `${hh}:${mm} (${zoneLabel} time)` };
}

/** The booker's confirmation: what they booked, what it costs, and the link to manage it. */
export function bookingConfirmationMail(b: BookerBooking, baseUrl: string): OutgoingMail {
  const when = whenText(b);
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
  const greeting = b.full_name ? `Hi ${b.full_name},` : 'Hi,';
  const text = [
    greeting,
    '',
    `Thanks for booking a Chicken hunt! Here are your game details.`,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `Manage your booking: ${link}`,
    `Your booking code: ${b.temp_code}`,
    '',
    "We'll be in touch about payment and the next steps.",
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    '<p>Thanks for booking a Chicken hunt! Here are your game details.</p>',
    `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    `<p><a href="${escapeHtml(link)}">Manage your booking</a> (code ${escapeHtml(b.temp_code)})</p>`,
    "<p>We'll be in touch about payment and the next steps.</p>",
  ].join('\n');
  return { to: b.email, subject: `Your hatch game on ${when.date} in ${b.city}`, text, html, kind: 'booking_confirmation' };
}
