import type { OutgoingMail } from '../../platform/mail';
import { manageResultsPath } from '../../../shared/booking-links';
import { escapeHtml } from '../../../shared/html';
import { mailGreeting, type BookingMailFacts } from '../booking';
import { mailText, type MailText } from '../../platform/i18n';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n/languages';

/**
 * The game's results, mailed to its booker once it ends (decision 0273; queued by results-mails.ts), in the booking's
 * language (decision 0591); English keeps its words as they were.
 */

export type ResultsTeam = { rank: number; name: string; total: number };

export const RESULTS_MAIL_KIND = 'game.results';
/** The booker's mail when the final ranking changed after the results mail (decision 0530). */
export const CORRECTED_RESULTS_MAIL_KIND = 'game.results.corrected';

/** Whether two rankings read the same in a mail: the same teams, ranks and totals in the same order. */
export function sameResults(a: readonly ResultsTeam[], b: readonly ResultsTeam[]): boolean {
  return a.length === b.length && a.every((t, i) => t.rank === b[i]?.rank && t.name === b[i]?.name && t.total === b[i]?.total);
}

type ResultsFacts = Pick<BookingMailFacts, 'email' | 'fullName' | 'city' | 'manageKey' | 'gameCode' | 'language'>;

/** The booker's mail when the game ends: the final leaderboard and where the results and the photo album are. */
export function resultsMail(f: ResultsFacts, teams: readonly ResultsTeam[], baseUrl: string): OutgoingMail {
  const words = mailText(f.language ?? DEFAULT_LANGUAGE);
  const opening = words.t('resultsOpening', { city: f.city });
  return leaderboardMail(f, teams, baseUrl, words, { opening, subject: words.t('resultsSubject'), kind: RESULTS_MAIL_KIND });
}

/** The booker's mail when the final leaderboard changed after the results mail: the corrected one, whole. */
export function correctedResultsMail(f: ResultsFacts, teams: readonly ResultsTeam[], baseUrl: string): OutgoingMail {
  const words = mailText(f.language ?? DEFAULT_LANGUAGE);
  const opening = words.t('resultsCorrectedOpening', { city: f.city });
  return leaderboardMail(f, teams, baseUrl, words, { opening, subject: words.t('resultsCorrectedSubject'), kind: CORRECTED_RESULTS_MAIL_KIND });
}

function leaderboardMail(
  f: ResultsFacts,
  teams: readonly ResultsTeam[],
  baseUrl: string,
  words: MailText,
  wording: { opening: string; subject: string; kind: string },
): OutgoingMail {
  const link = `${baseUrl.replace(/\/$/, '')}${manageResultsPath(f.manageKey)}`;
  const hello = mailGreeting(f.fullName, words);
  const { opening, subject, kind } = wording;
  // A total as the results page writes it: digits only, no grouping (the mails always wrote '1200 points').
  const points = (t: ResultsTeam) => words.t('resultsPoints', { name: t.name, total: String(t.total) });
  const none = words.t('resultsNoTeam');
  const lines = teams.length ? teams.map((t) => `${t.rank}. ${points(t)}`) : [none];
  const album = words.t('resultsAlbum');
  const text = [hello, '', opening, '', ...lines, '', album, link].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(opening)}</p>`,
    `<ol>${teams.map((t) => `<li>${escapeHtml(points(t))}</li>`).join('') || `<li>${escapeHtml(none)}</li>`}</ol>`,
    `<p>${escapeHtml(album)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  ].join('\n');
  return { to: f.email, subject: words.t('resultsSubjectLine', { subject, code: f.gameCode ?? '' }).trim(), text, html, kind };
}
