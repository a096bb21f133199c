import { rankTeams, type TeamScore } from '../../../shared/scoring/leaderboard';
import { TeamDot } from '../../components/live-map/live-game-ui';
import { scoreBreakdown } from '../../components/team-leaderboard';

/**
 * The host console's teams on a phone (issue 29): one row each, best first by the one leaderboard rule, the total big
 * and what makes it up beneath, so the table fits a 390 px screen without scrolling sideways.
 */
export function HostTeams({ teams }: { teams: readonly (TeamScore & { players: number })[] }) {
  const ranked = rankTeams(teams);
  if (!ranked.length) return <p className="text-sm text-slate-600">No teams yet.</p>;
  return (
    <ol className="divide-y divide-slate-100" data-testid="teams-table" aria-label="Teams and points">
      {ranked.map((t) => (
        <li
          key={t.id}
          className="flex items-center justify-between gap-2 py-2"
          data-testid="team-row"
          data-name={t.name}
          data-rank={t.rank}
          data-points={t.total}
        >
          <span className="min-w-0">
            <span className="flex items-center gap-2 font-medium">
              <TeamDot teams={teams} teamId={t.id} />
              <span className="truncate">
                {t.rank}. {t.name}
              </span>
              {t.found_chicken_at ? <span title="Found the Chicken">🐔</span> : null}
            </span>
            <span className="block text-xs text-slate-600">
              {t.players} {t.players === 1 ? 'player' : 'players'} · {scoreBreakdown(t)}
            </span>
          </span>
          <strong className="shrink-0 text-lg">{t.total}</strong>
        </li>
      ))}
    </ol>
  );
}
