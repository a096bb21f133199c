import type { MapPlayer } from '../../../shared/api/play';
import { TeamDot, useLocationText } from '../../components/live-map/live-game-ui';
import { Badge, Table, TableHead } from '../../components/ui';
import { useT } from '../../lib/i18n';

/**
 * Every player of the game: team, ready (in the lobby only: once the game is live everyone in it plays, and a player who
 * joined late never passed a lobby to say so, issue 36), location ('no location' for those who refused), when last seen.
 */
export function PlayersTable({
  players,
  teams,
  now,
  inLobby = true,
}: {
  players: readonly MapPlayer[];
  teams: readonly { id: number; name: string }[];
  now: number;
  inLobby?: boolean;
}) {
  const t = useT('host');
  const locationText = useLocationText();
  const teamName = new Map(teams.map((t) => [t.id, t.name]));
  const sorted = [...players].sort((a, b) =>
    a.role === b.role
      ? (teamName.get(a.team_id ?? -1) ?? '').localeCompare(teamName.get(b.team_id ?? -1) ?? '') || a.name.localeCompare(b.name)
      : a.role === 'chicken'
        ? -1
        : 1,
  );
  if (!sorted.length) return <p className="text-sm text-slate-600">{t('noPlayers')}</p>;
  return (
    <div className="overflow-x-auto">
      <Table look="plain" data-testid="players-table">
        <TableHead
          look="plain"
          headers={inLobby ? [t('colPlayer'), t('colTeam'), t('colReady'), t('colLocation')] : [t('colPlayer'), t('colTeam'), t('colLocation')]}
        />
        <tbody>
          {sorted.map((p) => (
            <tr key={p.id} className="border-t border-slate-100" data-testid="player-row" data-name={p.name}>
              <td className="py-1.5 pr-2 font-medium">{p.name}</td>
              <td className="pr-2">
                <span className="inline-flex items-center gap-2">
                  <TeamDot teams={teams} teamId={p.team_id} chicken={p.role === 'chicken'} />
                  {p.role === 'chicken' ? t('theChicken') : (teamName.get(p.team_id ?? -1) ?? t('noTeam'))}
                </span>
              </td>
              {inLobby ? (
                <td className="pr-2">
                  <Badge tone={p.ready ? 'green' : 'slate'}>{p.ready ? t('ready') : t('notReady')}</Badge>
                </td>
              ) : null}
              <td data-testid="player-location">{locationText(p, now)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
