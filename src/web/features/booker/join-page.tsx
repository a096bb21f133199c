import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { useT } from '../../lib/i18n';
import { Badge, buttonClass } from '../../components/ui';
import { LoadFailed, PageFrame, PageSection, PageLoading } from './booker-ui';
import { PublicGameDetails } from './public-game-details';
import { isOrganiserView, useBooking } from './use-booking';

/** /booking/{game_code}: the players' join page. The game itself opens at the start time. */
export function JoinPage() {
  const { code = '' } = useParams();
  const { data: booking, isPending, error } = useBooking(code);
  const t = useT('booker');

  if (isPending) return <PageLoading />;
  if (error || !booking) return <LoadFailed error={error} />;
  // An unpaid booking's own temp code: that is the booker's booking page.
  if (isOrganiserView(booking)) return <Navigate to={paths.hatch(booking.temp_code)} replace />;
  if (booking.access === 'temp') return <Navigate to={paths.hatch(booking.code)} replace />;

  return (
    <PageFrame>
      <header className="space-y-2 px-1">
        <p className="text-sm font-medium text-brand-700">{t('gameCode', { code: booking.code })}</p>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('invited')} {booking.game_activated ? <Badge tone="green">{t('ready')}</Badge> : null}
        </h1>
        <p className="text-slate-700" data-testid="join-opens">
          {t('joinOpens', { code: booking.code })}
        </p>
        <Link to={paths.join(booking.code)} className={buttonClass('primary', 'lg')} data-testid="join-game">
          {t('joinTheGame')}
        </Link>
      </header>
      <PageSection id="game" title={t('gameDetails')}>
        <PublicGameDetails booking={booking} />
      </PageSection>
      <p className="px-1 text-sm text-slate-600">{t('organising')}</p>
      <p className="px-1 text-sm text-slate-600">
        {t('whatWeKeep')}{' '}
        <a href={paths.privacy} className="font-medium text-brand-700 underline">
          {t('privacyNotice')}
        </a>
      </p>
    </PageFrame>
  );
}
