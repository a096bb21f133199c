import { formatTimestamp } from '../../../shared/time';
import { rankTeams, type TeamScore } from '../../../shared/scoring/leaderboard';
import { TeamDot } from './live-game-ui';
import { notFoundText } from '../../../shared/game/chicken';
import { Table, TableHead } from '../ui';

type Team = TeamScore & { players?: number };

/**
 * Every team of a live game, best first by the one leaderboard rule (shared/scoring/leaderboard.ts, decision 0240),
 * with its total and what makes it up: the host console and the organiser's live view.
 */
/** `gameOver`: a team that did not find the Chicken reads "No" instead of "Not yet". */
export function TeamsTable({ teams, gameOver = false }: { teams: readonly Team[]; gameOver?: boolean }) {
  const ranked = rankTeams(teams);
  if (!ranked.length) return <p className="text-sm text-slate-600">No teams yet.</p>;
  return (
    // Five score columns scroll sideways on a phone: a focusable region, so keyboard users can scroll it too.
    <div className="overflow-x-auto" role="region" aria-label="Teams and points" tabIndex={0}>
      <Table look="plain" data-testid="teams-table">
        <TableHead look="plain" headers={['Team', 'Players', 'Total', 'Challenges', 'Chicken points', 'Staff adjustments', 'Found the Chicken']} />
        <tbody>
          {ranked.map((t) => (
            <tr key={t.id} className="border-t border-slate-100" data-testid="team-row" data-name={t.name} data-rank={t.rank} data-points={t.total}>
              <td className="py-1.5 pr-2">
                <span className="inline-flex items-center gap-2 font-medium">
                  <TeamDot teams={teams} teamId={t.id} /> {t.rank}. {t.name}
                </span>
              </td>
              <td className="pr-2">{t.players ?? '—'}</td>
              <td className="pr-2 font-semibold">{t.total}</td>
              <td className="pr-2">{t.challenge_points}</td>
              <td className="pr-2">{t.chicken_points}</td>
              <td className="pr-2">{t.adjustments}</td>
              <td>{t.found_chicken_at ? formatTimestamp(t.found_chicken_at) : notFoundText(gameOver)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
