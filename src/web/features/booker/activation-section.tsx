import { useState } from 'react';
import type { BookerBooking } from '../../../shared/api/booking';
import { joinRefusal } from '../../../shared/lifecycle/joining';
import { useT } from '../../lib/i18n';
import { activateGame } from './booker-api';
import { Badge, Button, FieldError } from '../../components/ui';
import { PageSection } from './booker-ui';
import { useAction } from '../../lib/use-action';

type Props = { booking: BookerBooking; onSaved: (b: BookerBooking) => void };

/**
 * Activation tells staff and the host the set-up is final; players can join without it (shared/lifecycle/joining.ts,
 * the rule the join call obeys, says so here too). Spec section 4: gameActivated is set before the server answers
 * (optimistic) and rolled back if the call fails. After the game there is nothing left to activate.
 */
export function ActivationSection({ booking, onSaved }: Props) {
  const [gameActivated, setGameActivated] = useState(booking.game_activated);
  const t = useT('booker');
  const {
    run,
    isPending: busy,
    error,
  } = useAction({
    call: () => activateGame(booking, booking.id),
    success: t('gameActivated'),
    failure: t('activateFailed'),
    onSuccess: onSaved,
    onError: () => setGameActivated(false),
  });
  const activated = gameActivated || booking.game_activated;
  const state = booking.game?.status ?? 'not_started';
  // The join rule's own answer (shared/lifecycle/joining.ts, as joinStatusText words it in English).
  const refusal = joinRefusal({ bookingStatus: booking.booking_status, state });
  const joining = !refusal ? t('joinOpenNow', { code: booking.code }) : refusal.code === 'game_ended' ? t('joinGameOver') : t('joinOncePaid');

  const activate = () => {
    setGameActivated(true);
    void run();
  };

  return (
    <PageSection
      id="activation"
      title={t('activateTitle')}
      actions={state === 'ended' ? null : activated ? <Badge tone="green">{t('stageActivated')}</Badge> : <Badge tone="slate">{t('notActivated')}</Badge>}
      description={t('activateHelp')}
    >
      <p className="mb-3 text-slate-800" data-testid="join-status">
        {joining}
      </p>
      {state === 'ended' ? null : activated ? (
        <p className="text-slate-800" data-testid="activated-note">
          {t('activatedNote')}
        </p>
      ) : (
        <Button variant="primary" size="lg" disabled={busy} onClick={activate}>
          {t('activateGame')}
        </Button>
      )}
      <FieldError className="mt-2" message={error} />
    </PageSection>
  );
}
