import { useState } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { DETAIL_MESSAGES } from '../../../shared/api/admin-booking-detail';
import { Modal } from '../../components/modal';
import { notifyError } from '../../lib/toast';
import { detailCalls, useDetailAction } from './detail-api';
import { HeartbeatModal } from './heartbeat-modal';
import { dangerButton, primaryButton, secondaryButton } from './ui';

/** Start Game, Game Heartbeat and the weapons toggle, each behind its modal. */
export function GameControls({ booking }: { booking: AdminBooking }) {
  const run = useDetailAction(booking.id);
  const [modal, setModal] = useState<'start' | 'heartbeat' | 'weapons' | null>(null);
  const [busy, setBusy] = useState(false);
  const started = booking.game?.has_live_instance ?? false;
  const weaponsOn = booking.game?.weapons_on ?? false;
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
      bookingOf: (b) => b,
    });
    setBusy(false);
    setModal(null);
  }

  function askWeapons() {
    if (!booking.game) {
      notifyError(DETAIL_MESSAGES.noGame);
      return;
    }
    setModal('weapons');
  }

  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={primaryButton} disabled={started} onClick={() => setModal('start')}>
        {started ? 'Game Already Started' : 'Start Game'}
      </button>
      <button type="button" className={secondaryButton} onClick={() => setModal('heartbeat')}>
        Game Heartbeat
      </button>
      <button type="button" className={weaponsOn ? dangerButton : secondaryButton} onClick={askWeapons}>
        {weaponsOn ? 'Disable Weapons' : 'Enable Weapons'}
      </button>

      <Modal
        open={modal === 'start'}
        onOpenChange={close}
        title="Start Game"
        size="sm"
        footer={
          <>
            <button type="button" className={secondaryButton} onClick={() => setModal(null)}>
              Cancel
            </button>
            <button type="button" className={primaryButton} disabled={busy} onClick={() => void startGame()}>
              Confirm Start
            </button>
          </>
        }
      >
        <p>Start the game for booking {booking.code} now? Players can join as soon as it is live. This cannot be undone.</p>
      </Modal>

      <Modal
        open={modal === 'weapons'}
        onOpenChange={close}
        title="Confirm Weapons Toggle"
        size="sm"
        footer={
          <>
            <button type="button" className={secondaryButton} onClick={() => setModal(null)}>
              Cancel
            </button>
            <button type="button" className={weaponsOn ? dangerButton : primaryButton} disabled={busy} onClick={() => void toggleWeapons()}>
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
      </Modal>

      {modal === 'heartbeat' ? <HeartbeatModal bookingId={booking.id} onClose={() => setModal(null)} /> : null}
    </div>
  );
}
