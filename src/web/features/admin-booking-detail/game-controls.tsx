import { useId, useState } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { DETAIL_MESSAGES } from '../../../shared/api/admin-booking-detail';
import { Button, Dialog } from '../../components/ui';
import { Link } from 'react-router';
import { copyToClipboard } from '../../lib/clipboard';
import { paths } from '../../lib/paths';
import { useAction } from '../../lib/use-action';
import { bookingQuery, detailCalls, writesBooking } from './detail-api';
import { bookingFactsChanged } from '../../lib/booking-facts-data';
import { HeartbeatModal } from './heartbeat-modal';
import { useNow } from '../../components/live-map/live-game-ui';
import { gameLifecycleOf } from '../../lib/game-lifecycle';
import { stationCountText } from '../../../shared/game/station-layout';

/** Start Game, Game Heartbeat and the weapons toggle, each behind its modal. */
export function GameControls({ booking }: { booking: AdminBooking }) {
  const [modal, setModal] = useState<'start' | 'heartbeat' | 'weapons' | 'resume' | null>(null);
  // Start answers the game, not the booking: the booking is read again. Each dialog closes once its call is over.
  const start = useAction({
    call: () => detailCalls.startGame(booking),
    success: (r) => `Game started successfully! Game code: ${r.code}`,
    failure: 'Failed to start game',
    failureToast: 'server',
    invalidates: [bookingQuery(booking.id).queryKey, ...bookingFactsChanged],
    rereadOnFailure: 'conflict',
  });
  const resume = useAction({
    call: () => detailCalls.resumeGame(booking),
    success: 'Game resumed: the clock goes on from where it stopped',
    failure: 'Failed to resume the game',
    failureToast: 'server',
    ...writesBooking(booking.id),
  });
  const weapons = useAction({
    call: (on: boolean) => detailCalls.toggleWeapons(booking, on),
    success: (_, on) => (on ? 'Weapons enabled successfully' : 'Weapons disabled successfully'),
    failure: 'Failed to toggle weapons',
    failureToast: 'server',
    ...writesBooking(booking.id),
  });
  const busy = start.isPending || resume.isPending || weapons.isPending;
  const now = new Date(useNow(15_000));
  const game = booking.game;
  const started = game?.has_live_instance ?? false;
  const weaponsOn = game?.weapons_on ?? false;
  const reasonIds = { start: useId(), weapons: useId(), resume: useId() };
  // What cannot be done is disabled, and says why in text every user gets (the button points to it): the server's
  // own rules (shared/lifecycle/game-states.ts), so the reason is the message the server would answer.
  const lifecycle = gameLifecycleOf(booking, now);
  const startBlocked = started ? null : (lifecycle.start?.message ?? null);
  const resumeBlocked = lifecycle.resume?.message ?? null;
  const weaponsBlocked = game ? null : DETAIL_MESSAGES.noGame;
  const close = (open: boolean) => {
    if (!open) setModal(null);
  };

  const closeAfter = (done: Promise<boolean>) => void done.then(() => setModal(null));

  return (
    <div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="primary"
          disabled={started || startBlocked !== null}
          aria-describedby={startBlocked ? reasonIds.start : undefined}
          onClick={() => setModal('start')}
        >
          {started ? 'Game Already Started' : 'Start Game'}
        </Button>
        {game?.status === 'ended' ? (
          <Button disabled={resumeBlocked !== null} aria-describedby={resumeBlocked ? reasonIds.resume : undefined} onClick={() => setModal('resume')}>
            Resume Game
          </Button>
        ) : null}
        <Button onClick={() => setModal('heartbeat')}>Game Heartbeat</Button>
        <Button
          variant={weaponsOn ? 'danger' : 'secondary'}
          disabled={weaponsBlocked !== null}
          aria-describedby={weaponsBlocked ? reasonIds.weapons : undefined}
          onClick={() => setModal('weapons')}
        >
          {weaponsOn ? 'Disable Weapons' : 'Enable Weapons'}
        </Button>

        <Dialog
          open={modal === 'start'}
          onOpenChange={close}
          title="Start Game"
          size="sm"
          footer={
            <>
              <Button onClick={() => setModal(null)}>Cancel</Button>
              <Button variant="primary" disabled={busy} onClick={() => closeAfter(start.run())}>
                Confirm Start
              </Button>
            </>
          }
        >
          <p>Start the game for booking {booking.code} now? Players can join as soon as it is live. This cannot be undone.</p>
        </Dialog>

        <Dialog
          open={modal === 'resume'}
          onOpenChange={close}
          title="Resume Game"
          size="sm"
          footer={
            <>
              <Button onClick={() => setModal(null)}>Cancel</Button>
              <Button variant="primary" disabled={busy} onClick={() => closeAfter(resume.run())}>
                Yes, resume
              </Button>
            </>
          }
        >
          <p>
            Resume the game for booking {booking.code}? It goes live again for every player, with the time that was left when it ended; the booking is paid
            again until the game ends.
          </p>
        </Dialog>

        <Dialog
          open={modal === 'weapons'}
          onOpenChange={close}
          title="Confirm Weapons Toggle"
          size="sm"
          footer={
            <>
              <Button onClick={() => setModal(null)}>Cancel</Button>
              <Button variant={weaponsOn ? 'danger' : 'primary'} disabled={busy} onClick={() => closeAfter(weapons.run(!weaponsOn))}>
                {weaponsOn ? 'Yes, disable weapons' : 'Yes, enable weapons'}
              </Button>
            </>
          }
        >
          <p>
            {weaponsOn
              ? 'Disable weapons? Item stations, the Backpack and weapon effects stop working for every team.'
              : 'Enable weapons? Item stations, the Backpack and weapon effects become available to every team.'}
          </p>
        </Dialog>

        {modal === 'heartbeat' ? <HeartbeatModal bookingId={booking.id} onClose={() => setModal(null)} /> : null}
      </div>
      {startBlocked || weaponsBlocked || (game?.status === 'ended' && resumeBlocked) ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-600" aria-label="Why some actions are unavailable">
          {startBlocked ? <li id={reasonIds.start}>Start Game: {startBlocked}</li> : null}
          {game?.status === 'ended' && resumeBlocked ? <li id={reasonIds.resume}>Resume Game: {resumeBlocked}</li> : null}
          {weaponsBlocked ? <li id={reasonIds.weapons}>Weapons: {weaponsBlocked}</li> : null}
        </ul>
      ) : null}
      {booking.game ? (
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to={paths.host(booking.game.code)} className="text-brand-700 underline">
            Host console
          </Link>
          {booking.plan_type !== 'standard' ? (
            <Link to={`${paths.admin.markers}?game=${booking.game.id}`} className="text-brand-700 underline" data-testid="stations-link">
              {stationCountText(booking.game.stations_count)}
            </Link>
          ) : null}
          <a href={paths.join(booking.game.code)} className="text-brand-700 underline">
            Players&apos; join link
          </a>
          <Button
            variant="link"
            onClick={() => void copyToClipboard(`${window.location.origin}${booking.game ? paths.chicken(booking.game.code, booking.game.chicken_key) : ''}`)}
          >
            Copy Chicken link
          </Button>
        </p>
      ) : null}
    </div>
  );
}
