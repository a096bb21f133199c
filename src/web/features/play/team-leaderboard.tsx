import type { MapTeam } from '../../../shared/api/play';
import { rankTeams } from '../../../shared/scoring/leaderboard';

/**
 * The live leaderboard on the phone: every team's points (challenges and adjustments) plus chicken points, in the
 * one leaderboard order (shared/scoring/leaderboard.ts). It moves as `teams` events arrive.
 */
export function TeamLeaderboard({ teams, myTeamId }: { teams: readonly MapTeam[]; myTeamId: number | null }) {
  const ranked = rankTeams(teams.map((t) => ({ id: t.id, name: t.name, challenge_points: t.points, chicken_points: t.chicken_points, adjustments: 0, found_chicken_at: null })));
  if (!ranked.length) return null;
  return (
    <section aria-labelledby="leaderboard-title">
      <h2 id="leaderboard-title" className="mb-1 font-semibold">
        Leaderboard
      </h2>
      <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="player-leaderboard">
        {ranked.map((t) => (
          <li
            key={t.id}
            className={`flex justify-between px-3 py-2 ${t.id === myTeamId ? 'bg-brand-50 font-semibold' : ''}`}
            data-testid="leaderboard-row"
            data-name={t.name}
            data-points={t.total}
          >
            <span>
              {t.rank}. {t.name}
              {t.id === myTeamId ? ' (you)' : ''}
            </span>
            <span>{t.total} points</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
