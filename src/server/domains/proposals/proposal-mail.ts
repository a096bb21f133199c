import { format, isValid, parse } from 'date-fns';
import type { OutgoingMail } from '../../platform/mail';
import { ADD_ONS, PLANS } from '../../../shared/plans';
import { formatMinor } from '../../../shared/money';
import { API_DATE } from '../../../shared/time';
import { proposalPath, type QuoteLine } from '../../../shared/proposals';
import { escapeHtml } from '../../../shared/html';

/** What the proposal mail reads: the customer, the quote as priced, and its token. */
export type ProposalMailFacts = {
  email: string;
  fullName: string | null;
  city: string;
  planType: string;
  players: number;
  addOns: readonly string[];
  lines: readonly QuoteLine[];
  currency: string;
  pricePerPersonMinor: number;
  totalPriceMinor: number;
  validUntil: string;
  token: string;
};

function dayText(date: string): string {
  const day = parse(date, API_DATE, new Date(0));
  return isValid(day) ? format(day, 'EEEE d MMMM yyyy') : date;
}

/**
 * The quote staff send a lead (domains/booking/booking-mails.ts style): what is offered, the total, until when, and the private
 * link where the customer accepts and then pays. Queued with the booking's id, so it shows in the booking's mails.
 */
export function proposalMail(f: ProposalMailFacts, baseUrl: string): OutgoingMail {
  const link = `${baseUrl.replace(/\/+$/, '')}${proposalPath(f.token)}`;
  const plan = PLANS.find((p) => p.type === f.planType)?.name ?? f.planType;
  const addOns = f.addOns.map((t) => ADD_ONS.find((a) => a.type === t)?.name ?? t);
  const until = dayText(f.validUntil);
  const rows: [string, string][] = [
    ['Game type', plan],
    ['Players', String(f.players)],
    ['Price per person', formatMinor(f.pricePerPersonMinor, f.currency)],
    ['Add-ons', addOns.length ? addOns.join(', ') : 'None'],
    ...f.lines.map((l): [string, string] => [l.label, formatMinor(l.amountMinor, f.currency)]),
    ['Total', formatMinor(f.totalPriceMinor, f.currency)],
    ['Valid until', until],
  ];
  const hello = f.fullName ? `Hi ${f.fullName},` : 'Hi,';
  const opening = `Here is our proposal for your Chicken hunt in ${f.city}.`;
  const action = 'Accept it online and pay to confirm your game:';
  const text = [hello, '', opening, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', action, link].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(opening)}</p>`,
    `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    `<p>${escapeHtml(action)} <a href="${escapeHtml(link)}">View and accept the proposal</a></p>`,
  ].join('\n');
  return {
    to: f.email,
    subject: `Your hatch proposal: ${formatMinor(f.totalPriceMinor, f.currency)}, valid until ${until}`,
    text,
    html,
    kind: 'proposal.sent',
  };
}
