import { useState } from 'react';
import type { BookerBooking } from '../../../shared/api/booking';
import { BOOKER_MESSAGES } from '../../../shared/api/booker-game';
import { joinStatusText } from '../../../shared/lifecycle/joining';
import { activateGame } from './booker-api';
import { Badge, Button, FieldError, Section } from '../../components/ui';
import { useAction } from '../../lib/use-action';

type Props = { booking: BookerBooking; onSaved: (b: BookerBooking) => void };

/**
 * Activation tells staff and the host the set-up is final; players can join without it (shared/lifecycle/joining.ts,
 * the rule the join call obeys, says so here too). Spec section 4: gameActivated is set before the server answers
 * (optimistic) and rolled back if the call fails. After the game there is nothing left to activate.
 */
export function ActivationSection({ booking, onSaved }: Props) {
  const [gameActivated, setGameActivated] = useState(booking.game_activated);
  const {
    run,
    isPending: busy,
    error,
  } = useAction({
    call: () => activateGame(booking, booking.id),
    success: 'Game activated',
    failure: BOOKER_MESSAGES.activateFailed,
    onSuccess: onSaved,
    onError: () => setGameActivated(false),
  });
  const activated = gameActivated || booking.game_activated;
  const state = booking.game?.status ?? 'not_started';
  const joining = joinStatusText({ bookingStatus: booking.booking_status, state }, booking.code);

  const activate = () => {
    setGameActivated(true);
    void run();
  };

  return (
    <Section
      look="page"
      id="activation"
      title="Activate your game"
      actions={state === 'ended' ? null : activated ? <Badge tone="green">Activated</Badge> : <Badge tone="slate">Not activated</Badge>}
      description="When your set-up is ready, activate the game: it tells our team and your host that it is final."
    >
      <p className="mb-3 text-slate-800" data-testid="join-status">
        {joining}
      </p>
      {state === 'ended' ? null : activated ? (
        <p className="text-slate-800" data-testid="activated-note">
          Your game is activated: our team and your host know your set-up is final.
        </p>
      ) : (
        <Button variant="primary" size="lg" disabled={busy} onClick={activate}>
          Activate game
        </Button>
      )}
      <FieldError className="mt-2" message={error} />
    </Section>
  );
}
