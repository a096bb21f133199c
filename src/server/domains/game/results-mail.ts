import type { OutgoingMail } from '../../platform/mail';
import { manageResultsPath } from '../../../shared/booking-links';
import { escapeHtml } from '../../../shared/html';
import { mailGreeting, type BookingMailFacts } from '../booking';

/** The game's results, mailed to its booker once it ends (decision 0273; queued by results-mails.ts). */

export type ResultsTeam = { rank: number; name: string; total: number };

export const RESULTS_MAIL_KIND = 'game.results';

/** The booker's mail when the game ends: the final leaderboard and where the results and the photo album are. */
export function resultsMail(
  f: Pick<BookingMailFacts, 'email' | 'fullName' | 'city' | 'manageKey' | 'gameCode'>,
  teams: readonly ResultsTeam[],
  baseUrl: string,
): OutgoingMail {
  const link = `${baseUrl.replace(/\/$/, '')}${manageResultsPath(f.manageKey)}`;
  const hello = mailGreeting(f.fullName);
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
