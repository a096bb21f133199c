import { rankTeams, type TeamScore } from '../../../shared/scoring/leaderboard';
import { TeamDot } from '../../components/live-map/live-game-ui';
import { scoreBreakdown } from '../../components/team-leaderboard';
import { useT } from '../../lib/i18n';

/**
 * The host console's teams on a phone (issue 29): one row each, best first by the one leaderboard rule, the total big
 * and what makes it up beneath, so the table fits a 390 px screen without scrolling sideways.
 */
export function HostTeams({ teams }: { teams: readonly (TeamScore & { players: number })[] }) {
  const t = useT('host');
  const ranked = rankTeams(teams);
  if (!ranked.length) return <p className="text-sm text-slate-600">{t('noTeams')}</p>;
  return (
    <ol className="divide-y divide-slate-100" data-testid="teams-table" aria-label={t('teamsAndPoints')}>
      {ranked.map((team) => (
        <li
          key={team.id}
          className="flex items-center justify-between gap-2 py-2"
          data-testid="team-row"
          data-name={team.name}
          data-rank={team.rank}
          data-points={team.total}
        >
          <span className="min-w-0">
            <span className="flex items-center gap-2 font-medium">
              <TeamDot teams={teams} teamId={team.id} />
              <span className="truncate">
                {team.rank}. {team.name}
              </span>
              {team.found_chicken_at ? <span title={t('foundChicken')}>🐔</span> : null}
            </span>
            <span className="block text-xs text-slate-600">
              {t('teamPlayers', { count: team.players })} · {scoreBreakdown(team)}
            </span>
          </span>
          <strong className="shrink-0 text-lg">{team.total}</strong>
        </li>
      ))}
    </ol>
  );
}
