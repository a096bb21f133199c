import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../lib/paths';
import { Spinner } from '../../components/spinner';
import { Badge, EmptyState } from '../../components/ui';
import { HostLoadError } from './host-access';
import { fetchHostGames, hostKeys } from './host-api';
import { HostFrame, STATUS_KEYS, statusTone } from './host-ui';
import { UnavailabilitySection } from './unavailability-section';
import { CalendarFeedSection } from './calendar-feed-section';
import { useT } from '../../lib/i18n';

/** /host: the games the logged-in host (or admin) may run. */
export function HostGamesPage() {
  const t = useT('host');
  const query = useQuery({ queryKey: hostKeys.games, queryFn: fetchHostGames, retry: false });
  return (
    <HostFrame title={t('yourGames')}>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <HostLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} /> : null}
      {query.data ? (
        query.data.games.length === 0 ? (
          <EmptyState>{t('noGames')}</EmptyState>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {query.data.games.map((g) => (
              <li key={g.code}>
                <Link to={paths.host(g.code)} className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500">
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-mono font-semibold">{g.code}</span>
                    <Badge tone={statusTone(g.status)}>{t(STATUS_KEYS[g.status])}</Badge>
                  </span>
                  <span className="mt-1 block font-medium">{g.booking_name ?? t('unnamedBooking')}</span>
                  <span className="block text-sm text-slate-600">
                    {g.city} · {g.date} · {t('playersCountShort', { count: g.players_count })} · {t('teamsCount', { count: g.teams_count })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <UnavailabilitySection />
      <CalendarFeedSection />
    </HostFrame>
  );
}
