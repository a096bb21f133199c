import { format, isValid, parse } from 'date-fns';
import type { OutgoingMail } from '../../platform/mail';
import { ADD_ONS, PLANS } from '../../../shared/plans';
import { formatMinor } from '../../../shared/money';
import { API_DATE } from '../../../shared/time';
import { proposalPath, type QuoteLine } from '../../../shared/proposals';
import { escapeHtml } from '../../../shared/html';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import { mailText, type MailText } from '../../platform/i18n';

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
  /** The lead's booking's language (decision 0591); absent: English. */
  language?: Language;
};

/** 'Wednesday 1 July 2026' in English as it always was; another language's own long form. */
function dayText(date: string, words: MailText): string {
  const day = parse(date, API_DATE, new Date(0));
  if (!isValid(day)) return date;
  if (words.language === DEFAULT_LANGUAGE) return format(day, 'EEEE d MMMM yyyy');
  const noon = new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), 12));
  return new Intl.DateTimeFormat(words.locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(noon);
}

/**
 * The quote staff send a lead (domains/booking/booking-mails.ts style): what is offered, the total, until when, and the private
 * link where the customer accepts and then pays. Queued with the booking's id, so it shows in the booking's mails.
 * In the booking's language (decision 0591); English keeps its words as they were. Plan and add-on names and the
 * quote's own lines are staff's words, as they typed them.
 */
export function proposalMail(f: ProposalMailFacts, baseUrl: string): OutgoingMail {
  const words = mailText(f.language ?? DEFAULT_LANGUAGE);
  const locale = words.language === DEFAULT_LANGUAGE ? undefined : words.locale;
  const money = (minor: number) => formatMinor(minor, f.currency, locale);
  const link = `${baseUrl.replace(/\/+$/, '')}${proposalPath(f.token)}`;
  const plan = PLANS.find((p) => p.type === f.planType)?.name ?? f.planType;
  const addOns = f.addOns.map((t) => ADD_ONS.find((a) => a.type === t)?.name ?? t);
  const until = dayText(f.validUntil, words);
  const rows: [string, string][] = [
    [words.t('rowGameType'), plan],
    [words.t('rowPlayers'), String(f.players)],
    [words.t('proposalPricePerPerson'), money(f.pricePerPersonMinor)],
    [words.t('rowAddOns'), addOns.length ? addOns.join(', ') : words.t('none')],
    ...f.lines.map((l): [string, string] => [l.label, money(l.amountMinor)]),
    [words.t('total'), money(f.totalPriceMinor)],
    [words.t('proposalValidUntil'), until],
  ];
  const hello = f.fullName ? words.t('greeting', { name: f.fullName }) : words.t('greetingNoName');
  const opening = words.t('proposalOpening', { city: f.city });
  const action = words.t('proposalAction');
  const text = [hello, '', opening, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', action, link].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(opening)}</p>`,
    `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    `<p>${escapeHtml(action)} <a href="${escapeHtml(link)}">${escapeHtml(words.t('proposalLink'))}</a></p>`,
  ].join('\n');
  return {
    to: f.email,
    subject: words.t('proposalSubject', { total: money(f.totalPriceMinor), until }),
    text,
    html,
    kind: 'proposal.sent',
  };
}
