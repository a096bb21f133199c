import { useState } from 'react';
import type { BookerBooking } from '../../../shared/api/booking';
import { BOOKER_MESSAGES } from '../../../shared/api/booker-game';
import { notifyError, notifySuccess } from '../../lib/toast';
import { activateGame } from './booker-api';
import { Badge, buttonClass, FieldError, Section } from '../../components/ui';
import { failureText } from './use-save';

type Props = { booking: BookerBooking; onSaved: (b: BookerBooking) => void };

/**
 * Activation opens the game to players with the game code. Spec section 4: gameActivated is set
 * before the server answers (optimistic) and rolled back if the call fails.
 */
export function ActivationSection({ booking, onSaved }: Props) {
  const [gameActivated, setGameActivated] = useState(booking.game_activated);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const activated = gameActivated || booking.game_activated;

  const activate = async () => {
    setGameActivated(true);
    setBusy(true);
    setError(null);
    try {
      onSaved(await activateGame(booking, booking.id));
      notifySuccess('Game activated');
    } catch (e) {
      setGameActivated(false);
      notifyError(BOOKER_MESSAGES.activateFailed);
      setError(failureText(e, BOOKER_MESSAGES.activateFailed));
    } finally {
      setBusy(false);
    }
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
        <button type="button" className={buttonClass('primary', 'lg')} disabled={busy} onClick={() => void activate()}>
          Activate game
        </button>
      )}
      <FieldError className="mt-2" message={error} />
    </Section>
  );
}
