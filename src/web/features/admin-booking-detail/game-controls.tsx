import { useId, useState } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { DETAIL_MESSAGES } from '../../../shared/api/admin-booking-detail';
import { Button, Dialog } from '../../components/ui';
import { Link } from 'react-router';
import { useCopyToClipboard } from '../../lib/clipboard';
import { paths } from '../../lib/paths';
import { useAction } from '../../lib/use-action';
import { bookingQuery, detailCalls, writesBooking } from './detail-api';
import { bookingFactsChanged } from '../../lib/booking-facts-data';
import { HeartbeatModal } from './heartbeat-modal';
import { useNow } from '../../components/live-map/live-game-ui';
import { gameLifecycleOf } from '../../lib/game-lifecycle';
import { useMessageText, useT } from '../../lib/i18n';

/** Start Game, Game Heartbeat and the weapons toggle, each behind its modal. */
export function GameControls({ booking }: { booking: AdminBooking }) {
  const t = useT('operations');
  const copyToClipboard = useCopyToClipboard();
  const message = useMessageText();
  const [modal, setModal] = useState<'start' | 'heartbeat' | 'weapons' | 'resume' | null>(null);
  // Start answers the game, not the booking: the booking is read again. Each dialog closes once its call is over.
  const start = useAction({
    call: () => detailCalls.startGame(booking),
    success: (r) => t('controls.started', { code: r.code }),
    failure: t('controls.startFailed'),
    failureToast: 'server',
    invalidates: [bookingQuery(booking.id).queryKey, ...bookingFactsChanged],
    rereadOnFailure: 'conflict',
  });
  const resume = useAction({
    call: () => detailCalls.resumeGame(booking),
    success: t('controls.resumed'),
    failure: t('controls.resumeFailed'),
    failureToast: 'server',
    ...writesBooking(booking.id),
  });
  const weapons = useAction({
    call: (on: boolean) => detailCalls.toggleWeapons(booking, on),
    success: (_, on) => (on ? t('controls.weaponsEnabled') : t('controls.weaponsDisabled')),
    failure: t('controls.weaponsFailed'),
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
  // The rules' sentences are English where they live; the messages catalogue says them in the reader's language.
  const startBlocked = started || !lifecycle.start ? null : message(lifecycle.start.message);
  const resumeBlocked = lifecycle.resume ? message(lifecycle.resume.message) : null;
  const weaponsBlocked = game ? null : message(DETAIL_MESSAGES.noGame);
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
          {started ? t('controls.alreadyStarted') : t('controls.start')}
        </Button>
        {game?.status === 'ended' ? (
          <Button disabled={resumeBlocked !== null} aria-describedby={resumeBlocked ? reasonIds.resume : undefined} onClick={() => setModal('resume')}>
            {t('controls.resume')}
          </Button>
        ) : null}
        <Button onClick={() => setModal('heartbeat')}>{t('controls.heartbeat')}</Button>
        <Button
          variant={weaponsOn ? 'danger' : 'secondary'}
          disabled={weaponsBlocked !== null}
          aria-describedby={weaponsBlocked ? reasonIds.weapons : undefined}
          onClick={() => setModal('weapons')}
        >
          {weaponsOn ? t('controls.disableWeapons') : t('controls.enableWeapons')}
        </Button>

        <Dialog
          open={modal === 'start'}
          onOpenChange={close}
          title={t('controls.start')}
          size="sm"
          footer={
            <>
              <Button onClick={() => setModal(null)}>{t('actions.cancel')}</Button>
              <Button variant="primary" disabled={busy} onClick={() => closeAfter(start.run())}>
                {t('controls.confirmStart')}
              </Button>
            </>
          }
        >
          <p>{t('controls.startQuestion', { code: booking.code })}</p>
        </Dialog>

        <Dialog
          open={modal === 'resume'}
          onOpenChange={close}
          title={t('controls.resume')}
          size="sm"
          footer={
            <>
              <Button onClick={() => setModal(null)}>{t('actions.cancel')}</Button>
              <Button variant="primary" disabled={busy} onClick={() => closeAfter(resume.run())}>
                {t('controls.resumeYes')}
              </Button>
            </>
          }
        >
          <p>{t('controls.resumeQuestion', { code: booking.code })}</p>
        </Dialog>

        <Dialog
          open={modal === 'weapons'}
          onOpenChange={close}
          title={t('controls.weaponsTitle')}
          size="sm"
          footer={
            <>
              <Button onClick={() => setModal(null)}>{t('actions.cancel')}</Button>
              <Button variant={weaponsOn ? 'danger' : 'primary'} disabled={busy} onClick={() => closeAfter(weapons.run(!weaponsOn))}>
                {weaponsOn ? t('controls.disableYes') : t('controls.enableYes')}
              </Button>
            </>
          }
        >
          <p>{weaponsOn ? t('controls.disableQuestion') : t('controls.enableQuestion')}</p>
        </Dialog>

        {modal === 'heartbeat' ? <HeartbeatModal bookingId={booking.id} onClose={() => setModal(null)} /> : null}
      </div>
      {startBlocked || weaponsBlocked || (game?.status === 'ended' && resumeBlocked) ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-600" aria-label={t('controls.whyUnavailable')}>
          {startBlocked ? <li id={reasonIds.start}>{t('controls.startReason', { reason: startBlocked })}</li> : null}
          {game?.status === 'ended' && resumeBlocked ? <li id={reasonIds.resume}>{t('controls.resumeReason', { reason: resumeBlocked })}</li> : null}
          {weaponsBlocked ? <li id={reasonIds.weapons}>{t('controls.weaponsReason', { reason: weaponsBlocked })}</li> : null}
        </ul>
      ) : null}
      {booking.game ? (
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to={paths.host(booking.game.code)} className="text-brand-700 underline">
            {t('controls.hostConsole')}
          </Link>
          {booking.plan_type !== 'standard' ? (
            <Link to={`${paths.admin.markers}?game=${booking.game.id}`} className="text-brand-700 underline" data-testid="stations-link">
              {t('controls.stations', { count: booking.game.stations_count })}
            </Link>
          ) : null}
          <a href={paths.join(booking.game.code)} className="text-brand-700 underline">
            {t('controls.joinLink')}
          </a>
          <Button
            variant="link"
            onClick={() =>
              void copyToClipboard(
                `${window.location.origin}${booking.game ? paths.chicken(booking.game.code, booking.game.chicken_key) : ''}`,
                t('controls.copied'),
              )
            }
          >
            {t('controls.copyChicken')}
          </Button>
        </p>
      ) : null}
    </div>
  );
}
