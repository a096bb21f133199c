import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Spinner } from '../../components/spinner';
import { Badge, buttonClass, Section } from '../../components/ui';
import { LoadFailed, PageFrame } from './booker-ui';
import { PublicGameDetails } from './public-game-details';
import { isOrganiserView, loadErrorText, useBooking } from './use-booking';

/** /booking/{game_code}: the players' join page. The game itself opens at the start time. */
export function JoinPage() {
  const { code = '' } = useParams();
  const { data: booking, isPending, error } = useBooking(code);

  if (isPending)
    return (
      <PageFrame>
        <Spinner />
      </PageFrame>
    );
  if (error || !booking) return <LoadFailed message={loadErrorText(error)} />;
  // An unpaid booking's own temp code: that is the booker's booking page.
  if (isOrganiserView(booking)) return <Navigate to={paths.hatch(booking.temp_code)} replace />;
  if (booking.access === 'temp') return <Navigate to={paths.hatch(booking.code)} replace />;

  return (
    <PageFrame>
      <header className="space-y-2 px-1">
        <p className="text-sm font-medium text-brand-700">Game {booking.code}</p>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-slate-900 sm:text-3xl">
          You&apos;re invited to a Chicken hunt {booking.game_activated ? <Badge tone="green">Ready</Badge> : null}
        </h1>
        <p className="text-slate-700" data-testid="join-opens">
          Join now to pick your team; the game starts at the meeting time. Keep this link or the game code {booking.code}.
        </p>
        <Link to={paths.join(booking.code)} className={buttonClass('primary', 'lg')} data-testid="join-game">
          Join the game
        </Link>
      </header>
      <Section look="page" id="game" title="Game details">
        <PublicGameDetails booking={booking} />
      </Section>
      <p className="px-1 text-sm text-slate-600">Organising this game? Open the private management link we emailed you to set it up.</p>
      <p className="px-1 text-sm text-slate-600">
        What we keep about players and for how long:{' '}
        <a href={paths.privacy} className="font-medium text-brand-700 underline">
          privacy notice
        </a>
      </p>
    </PageFrame>
  );
}
