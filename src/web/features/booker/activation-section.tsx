import { useState } from 'react';
import type { BookerBooking } from '../../../shared/api/booking';
import { BOOKER_MESSAGES } from '../../../shared/api/booker-game';
import { activateGame } from './booker-api';
import { Badge, Button, FieldError, Section } from '../../components/ui';
import { useAction } from '../../lib/use-action';

type Props = { booking: BookerBooking; onSaved: (b: BookerBooking) => void };

/**
 * Activation opens the game to players with the game code. Spec section 4: gameActivated is set
 * before the server answers (optimistic) and rolled back if the call fails.
 */
export function ActivationSection({ booking, onSaved }: Props) {
  const [gameActivated, setGameActivated] = useState(booking.game_activated);
  const { run, isPending: busy, error } = useAction({
    call: () => activateGame(booking, booking.id),
    success: 'Game activated',
    failure: BOOKER_MESSAGES.activateFailed,
    onSuccess: onSaved,
    onError: () => setGameActivated(false),
  });
  const activated = gameActivated || booking.game_activated;

  const activate = () => {
    setGameActivated(true);
    void run();
  };

  return (
    <Section
      look="page"
      id="activation"
      title="Activate your game"
      actions={activated ? <Badge tone="green">Activated</Badge> : <Badge tone="slate">Not activated</Badge>}
      description="When your set-up is ready, activate the game: players can then join with the game code on the day."
    >
      {activated ? (
        <p className="text-slate-800" data-testid="activated-note">
          Your game is active. Players join with the code <strong>{booking.code}</strong>.
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
