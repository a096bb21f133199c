import { useId, useState } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { DETAIL_MESSAGES } from '../../../shared/api/admin-booking-detail';
import { buttonClass, Dialog } from '../../components/ui';
import { Link } from 'react-router';
import { copyToClipboard } from '../../lib/clipboard';
import { paths } from '../../lib/paths';
import { detailCalls, useDetailAction } from './detail-api';
import { HeartbeatModal } from './heartbeat-modal';

/** Start Game, Game Heartbeat and the weapons toggle, each behind its modal. */
export function GameControls({ booking }: { booking: AdminBooking }) {
  const run = useDetailAction(booking.id);
  const [modal, setModal] = useState<'start' | 'heartbeat' | 'weapons' | null>(null);
  const [busy, setBusy] = useState(false);
  const started = booking.game?.has_live_instance ?? false;
  const weaponsOn = booking.game?.weapons_on ?? false;
  const reasonIds = { start: useId(), weapons: useId() };
  // What cannot be done is disabled, and says why in text every user gets (the button points to it).
  const paid = booking.booking_status === 'paid' || booking.booking_status === 'completed';
  const startBlocked = started ? null : !paid ? DETAIL_MESSAGES.notPaid : !booking.game ? DETAIL_MESSAGES.noGame : null;
  const weaponsBlocked = booking.game ? null : DETAIL_MESSAGES.noGame;
  const close = (open: boolean) => {
    if (!open) setModal(null);
  };

  async function startGame() {
    setBusy(true);
    await run(() => detailCalls.startGame(booking), {
      success: (r) => `Game started successfully! Game code: ${r.code}`,
      failure: 'Failed to start game',
      preferServerMessage: true,
    });
    setBusy(false);
    setModal(null);
  }

  async function toggleWeapons() {
    setBusy(true);
    const next = !weaponsOn;
    await run(() => detailCalls.toggleWeapons(booking, next), {
      success: next ? 'Weapons enabled successfully' : 'Weapons disabled successfully',
      failure: 'Failed to toggle weapons',
      preferServerMessage: true,
      bookingOf: (b) => b,
    });
    setBusy(false);
    setModal(null);
  }

  return (
    <div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={started || startBlocked !== null}
          aria-describedby={startBlocked ? reasonIds.start : undefined}
          onClick={() => setModal('start')}
        >
          {started ? 'Game Already Started' : 'Start Game'}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={() => setModal('heartbeat')}>
          Game Heartbeat
        </button>
        <button
          type="button"
          className={weaponsOn ? buttonClass('danger') : buttonClass('secondary')}
          disabled={weaponsBlocked !== null}
          aria-describedby={weaponsBlocked ? reasonIds.weapons : undefined}
          onClick={() => setModal('weapons')}
        >
          {weaponsOn ? 'Disable Weapons' : 'Enable Weapons'}
        </button>

        <Dialog
          open={modal === 'start'}
          onOpenChange={close}
          title="Start Game"
          size="sm"
          footer={
            <>
              <button type="button" className={buttonClass('secondary')} onClick={() => setModal(null)}>
                Cancel
              </button>
              <button type="button" className={buttonClass('primary')} disabled={busy} onClick={() => void startGame()}>
                Confirm Start
              </button>
            </>
          }
        >
          <p>Start the game for booking {booking.code} now? Players can join as soon as it is live. This cannot be undone.</p>
        </Dialog>

        <Dialog
          open={modal === 'weapons'}
          onOpenChange={close}
          title="Confirm Weapons Toggle"
          size="sm"
          footer={
            <>
              <button type="button" className={buttonClass('secondary')} onClick={() => setModal(null)}>
                Cancel
              </button>
              <button type="button" className={weaponsOn ? buttonClass('danger') : buttonClass('primary')} disabled={busy} onClick={() => void toggleWeapons()}>
                {weaponsOn ? 'Yes, disable weapons' : 'Yes, enable weapons'}
              </button>
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
      {startBlocked || weaponsBlocked ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-600" aria-label="Why some actions are unavailable">
          {startBlocked ? <li id={reasonIds.start}>Start Game: {startBlocked}</li> : null}
          {weaponsBlocked ? <li id={reasonIds.weapons}>Weapons: {weaponsBlocked}</li> : null}
        </ul>
      ) : null}
      {booking.game ? (
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to={paths.host(booking.game.code)} className="text-brand-700 underline">
            Host console
          </Link>
          <a href={paths.play(booking.game.code)} className="text-brand-700 underline">
            Players&apos; join link
          </a>
          <button type="button" className="text-brand-700 underline" onClick={() => void copyToClipboard(`${window.location.origin}${booking.game ? paths.chicken(booking.game.code, booking.game.chicken_key) : ''}`)}>
            Copy Chicken link
          </button>
        </p>
      ) : null}
    </div>
  );
}
