import { rankTeams, type TeamScore } from '../../../shared/scoring/leaderboard';
import { TeamDot } from './live-game-ui';
import { notFoundText } from '../../../shared/game/chicken';
import { Table, TableHead } from '../ui';
import { useMessageText, useT } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';

type Team = TeamScore & { players?: number };

/**
 * Every team of a live game, best first by the one leaderboard rule (shared/scoring/leaderboard.ts, decision 0240),
 * with its total and what makes it up: the host console and the organiser's live view.
 */
/** `gameOver`: a team that did not find the Chicken reads "No" instead of "Not yet". */
export function TeamsTable({ teams, gameOver = false }: { teams: readonly Team[]; gameOver?: boolean }) {
  const t = useT('content');
  const say = useMessageText();
  const { timestamp } = useReaderFormat();
  const ranked = rankTeams(teams);
  if (!ranked.length) return <p className="text-sm text-slate-600">{t('teamsTable.noTeams')}</p>;
  return (
    // Five score columns scroll sideways on a phone: a focusable region, so keyboard users can scroll it too.
    <div className="overflow-x-auto" role="region" aria-label={t('teamsTable.label')} tabIndex={0}>
      <Table look="plain" data-testid="teams-table">
        <TableHead
          look="plain"
          headers={[
            t('teamsTable.colTeam'),
            t('teamsTable.colPlayers'),
            t('teamsTable.colTotal'),
            t('teamsTable.colChallenges'),
            t('teamsTable.colChickenPoints'),
            t('teamsTable.colAdjustments'),
            t('teamsTable.colFound'),
          ]}
        />
        <tbody>
          {ranked.map((team) => (
            <tr key={team.id} className="border-t border-slate-100" data-testid="team-row" data-name={team.name} data-rank={team.rank} data-points={team.total}>
              <td className="py-1.5 pr-2">
                <span className="inline-flex items-center gap-2 font-medium">
                  <TeamDot teams={teams} teamId={team.id} /> {team.rank}. {team.name}
                </span>
              </td>
              <td className="pr-2">{team.players ?? '—'}</td>
              <td className="pr-2 font-semibold">{team.total}</td>
              <td className="pr-2">{team.challenge_points}</td>
              <td className="pr-2">{team.chicken_points}</td>
              <td className="pr-2">{team.adjustments}</td>
              {/* "No" and "Not yet" are the shared rule's words (shared/game/chicken.ts), from the messages catalogue. */}
              <td>{team.found_chicken_at ? timestamp(team.found_chicken_at) : say(notFoundText(gameOver))}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
