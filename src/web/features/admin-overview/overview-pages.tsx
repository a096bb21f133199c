import { notFoundText } from '../../../shared/game/chicken';
import { adminOverviewEndpoints as ep } from '../../../shared/api/endpoints/admin-overview';
import { formatAdminTimestamp, formatGameDate } from '../../../shared/time';
import { BookingLink, GAME_STATUS, GameStatusBadge, HostConsoleLink } from './booking-link';
import { OverviewList } from './overview-list';
import { useMessageText, useT } from '../../lib/i18n';
import type { GameStatus } from '../../../shared/api/play';

const when = formatAdminTimestamp;

const GAME_STATUSES = ['not_started', 'lobby', 'live', 'ended'] as const satisfies readonly GameStatus[];

export function GamesPage() {
  const t = useT('admin');
  const statuses = GAME_STATUSES.map((value) => ({ value, label: t(GAME_STATUS[value].label) }));
  return (
    <OverviewList
      title={t('overview.games')}
      intro={t('overview.gamesIntro')}
      loadFailed={t('overview.gamesFailed')}
      endpoint={ep.games}
      rows={(a) => a.games}
      pagination={(a) => a.pagination}
      rowKey={(g) => g.id}
      empty={t('overview.gamesEmpty')}
      filters={{ searchLabel: t('overview.gamesSearch'), statuses }}
      columns={[
        { header: t('bookings.colCode'), cell: (g) => <span className="font-mono">{g.code}</span> },
        { header: t('overview.booking'), cell: (g) => <BookingLink id={g.booking_id} name={g.booking_name} email={g.booking_email} /> },
        { header: t('overview.city'), cell: (g) => g.city },
        { header: t('bookings.colDate'), cell: (g) => formatGameDate(g.date) },
        { header: t('bookings.colStatus'), cell: (g) => <GameStatusBadge status={g.status} activated={g.activated} /> },
        { header: t('bookings.colPlayers'), cell: (g) => `${g.players_count}/${g.players}` },
        { header: t('overview.teams'), cell: (g) => g.teams_count },
        { header: t('overview.started'), cell: (g) => (g.started_at ? when(g.started_at) : '—') },
        { header: t('overview.ends'), cell: (g) => (g.ends_at ? when(g.ends_at) : '—') },
        { header: t('overview.weapons'), cell: (g) => (g.weapons_on ? t('overview.enabled') : t('overview.disabled')) },
        { header: t('overview.console'), cell: (g) => <HostConsoleLink code={g.code} /> },
      ]}
    />
  );
}

export function TeamsPage() {
  const t = useT('admin');
  const message = useMessageText();
  const statuses = GAME_STATUSES.filter((s) => s !== 'not_started').map((value) => ({ value, label: t(GAME_STATUS[value].label) }));
  return (
    <OverviewList
      title={t('overview.teams')}
      intro={t('overview.teamsIntro')}
      loadFailed={t('overview.teamsFailed')}
      endpoint={ep.teams}
      rows={(a) => a.teams}
      pagination={(a) => a.pagination}
      rowKey={(team) => team.id}
      empty={t('overview.teamsEmpty')}
      filters={{ searchLabel: t('overview.teamsSearch'), statuses }}
      columns={[
        { header: t('overview.rank'), cell: (team) => <span data-testid="team-rank">{team.rank}</span> },
        { header: t('overview.team'), cell: (team) => team.name },
        { header: t('overview.game'), cell: (team) => <HostConsoleLink code={team.game_code} label={team.game_code} /> },
        { header: t('bookings.colStatus'), cell: (team) => <GameStatusBadge status={team.status} /> },
        { header: t('bookings.colPlayers'), cell: (team) => team.players_count },
        {
          header: t('overview.points'),
          cell: (team) => (
            <span data-testid="team-total">
              <strong>{team.total}</strong>
              <span className="block text-xs text-slate-600">
                {t('overview.challengePoints', { points: team.challenge_points })}
                {team.adjustments ? ` ${t('overview.adjusted', { sign: team.adjustments > 0 ? '+' : '−', points: Math.abs(team.adjustments) })}` : ''}
              </span>
            </span>
          ),
        },
        { header: t('overview.chickenPoints'), cell: (team) => team.chicken_points },
        {
          header: t('overview.foundChicken'),
          cell: (team) => (team.found_chicken_at ? when(team.found_chicken_at) : message(notFoundText(team.status === 'ended'))),
        },
        { header: t('overview.booking'), cell: (team) => <BookingLink id={team.booking_id} name={team.booking_name} email={team.booking_email} /> },
      ]}
    />
  );
}
