import type { OutgoingMail } from '../../platform/mail';
import { manageResultsPath } from '../../../shared/booking-links';
import { escapeHtml } from '../../../shared/html';
import { mailGreeting, type BookingMailFacts } from '../booking';

/** The game's results, mailed to its booker once it ends (decision 0273; queued by results-mails.ts). */

export type ResultsTeam = { rank: number; name: string; total: number };

export const RESULTS_MAIL_KIND = 'game.results';
/** The booker's mail when the final ranking changed after the results mail (decision 0530). */
export const CORRECTED_RESULTS_MAIL_KIND = 'game.results.corrected';

/** Whether two rankings read the same in a mail: the same teams, ranks and totals in the same order. */
export function sameResults(a: readonly ResultsTeam[], b: readonly ResultsTeam[]): boolean {
  return a.length === b.length && a.every((t, i) => t.rank === b[i]?.rank && t.name === b[i]?.name && t.total === b[i]?.total);
}

type ResultsFacts = Pick<BookingMailFacts, 'email' | 'fullName' | 'city' | 'manageKey' | 'gameCode'>;

/** The booker's mail when the game ends: the final leaderboard and where the results and the photo album are. */
export function resultsMail(f: ResultsFacts, teams: readonly ResultsTeam[], baseUrl: string): OutgoingMail {
  const opening = `Your Chicken hunt in ${f.city} is over. Here is the final leaderboard.`;
  return leaderboardMail(f, teams, baseUrl, { opening, subject: 'Your hatch results', kind: RESULTS_MAIL_KIND });
}

/** The booker's mail when the final leaderboard changed after the results mail: the corrected one, whole. */
export function correctedResultsMail(f: ResultsFacts, teams: readonly ResultsTeam[], baseUrl: string): OutgoingMail {
  const opening = `The final leaderboard of your Chicken hunt in ${f.city} changed after our last mail (an answer was reviewed or the game went on). Here are the corrected results.`;
  return leaderboardMail(f, teams, baseUrl, { opening, subject: 'Corrected results', kind: CORRECTED_RESULTS_MAIL_KIND });
}

function leaderboardMail(
  f: ResultsFacts,
  teams: readonly ResultsTeam[],
  baseUrl: string,
  wording: { opening: string; subject: string; kind: string },
): OutgoingMail {
  const link = `${baseUrl.replace(/\/$/, '')}${manageResultsPath(f.manageKey)}`;
  const hello = mailGreeting(f.fullName);
  const { opening, subject, kind } = wording;
  const lines = teams.length ? teams.map((t) => `${t.rank}. ${t.name}: ${t.total} points`) : ['No team took part.'];
  const album = 'The results and the photo album of the approved photos are on your results page:';
  const text = [hello, '', opening, '', ...lines, '', album, link].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(opening)}</p>`,
    `<ol>${teams.map((t) => `<li>${escapeHtml(t.name)}: ${t.total} points</li>`).join('') || '<li>No team took part.</li>'}</ol>`,
    `<p>${escapeHtml(album)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  ].join('\n');
  return { to: f.email, subject: `${subject}: game ${f.gameCode ?? ''}`.trim(), text, html, kind };
}
