import { useId } from 'react';
import { rankTeams, type RankedTeam, type TeamScore } from '../../shared/scoring/leaderboard';
import { useT } from '../lib/i18n';
import { cx } from './ui';
import { TeamDot } from './live-map/live-game-ui';

/** The parts of a total in the reader's language (issue 38); English where no reader is known. */
type Points = number | string;
type BreakdownWords = Record<'challenges' | 'chicken' | 'staff' | 'hints', (points: Points) => string>;
const ENGLISH: BreakdownWords = {
  challenges: (points) => `challenges ${points}`,
  chicken: (points) => `Chicken ${points}`,
  staff: (points) => `staff ${points}`,
  hints: (points) => `hints −${points}`,
};

/** What a total is made of, in words: "challenges 15 · Chicken 50 · staff +5 · hints −5". */
export function scoreBreakdown(team: TeamScore, words: BreakdownWords = ENGLISH): string {
  const parts = [words.challenges(team.challenge_points), words.chicken(team.chicken_points)];
  if (team.adjustments !== 0) parts.push(words.staff(`${team.adjustments > 0 ? '+' : ''}${team.adjustments}`));
  if (team.spent) parts.push(words.hints(team.spent));
  return parts.join(' · ');
}

/** The breakdown in the reader's language, for `scoreBreakdown` (the host console may pass it too). */
export function useBreakdownWords(): BreakdownWords {
  const t = useT('common');
  return {
    challenges: (points) => t('breakdownChallenges', { points }),
    chicken: (points) => t('breakdownChicken', { points }),
    staff: (points) => t('breakdownStaff', { points }),
    hints: (points) => t('breakdownHints', { points }),
  };
}

const ORDINAL_SUFFIX: Readonly<Record<number, string>> = { 1: 'st', 2: 'nd', 3: 'rd' };

/** "1st", "2nd", "3rd", "11th"… for a rank. */
export function ordinal(rank: number): string {
  const tens = rank % 100;
  if (tens >= 11 && tens <= 13) return `${rank}th`;
  return `${rank}${ORDINAL_SUFFIX[rank % 10] ?? 'th'}`;
}

/** The team `teamId` in the one leaderboard order (its total and rank), or null. */
export function rankedTeam<T extends TeamScore>(teams: readonly T[], teamId: number | null): RankedTeam<T> | null {
  return rankTeams(teams).find((t) => t.id === teamId) ?? null;
}

type Props = {
  teams: readonly TeamScore[];
  myTeamId?: number | null;
  /** Names the list for tests and assistive tech alike. */
  testId: string;
  label: string;
  /** Show what each total is made of (the results page). */
  breakdown?: boolean;
  className?: string;
};

/**
 * Every team, best first, with its total: the one leaderboard of the phones (live and game over) and the results page.
 * Totals and ranks come from the one rule (shared/scoring/leaderboard.ts, decision 0240): challenge points + Chicken
 * points + staff adjustments, ties broken by who found the Chicken first.
 */
export function TeamLeaderboard({ teams, myTeamId = null, testId, label, breakdown = false, className }: Props) {
  const t = useT('common');
  const words = useBreakdownWords();
  const ranked = rankTeams(teams);
  if (!ranked.length) return null;
  return (
    <ol aria-label={label} className={cx('divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-left', className)} data-testid={testId}>
      {ranked.map((team) => (
        <li
          key={team.id}
          className={cx('flex items-center justify-between gap-2 px-3 py-2', team.id === myTeamId && 'bg-brand-50 font-semibold')}
          data-testid="leaderboard-row"
          data-name={team.name}
          data-rank={team.rank}
          data-points={team.total}
        >
          <span>
            <TeamDot teams={teams} teamId={team.id} /> {team.rank}. {team.name}
            {team.id === myTeamId ? ` ${t('leaderboardYou')}` : ''}
            {team.found_chicken_at ? <span title={t('leaderboardFoundChicken')}> 🐔</span> : null}
          </span>
          <span className="text-right">
            <strong>{t('leaderboardPoints', { total: team.total })}</strong>
            {breakdown ? <span className="block text-sm font-normal text-slate-600">{scoreBreakdown(team, words)}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * The final standings of an ended game as a page section (the results page and the shared recap): the heading, then
 * the one leaderboard with each total's make-up, or a line saying nobody played.
 */
export function FinalStandings({ teams, title, testId }: { teams: readonly TeamScore[]; title: string; testId: string }) {
  const t = useT('common');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-xl font-semibold">
        {title}
      </h2>
      {teams.length ? <TeamLeaderboard teams={teams} testId={testId} label={title} breakdown /> : <p className="text-slate-600">{t('noTeamTookPart')}</p>}
    </section>
  );
}
