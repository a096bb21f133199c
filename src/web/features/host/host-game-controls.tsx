import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConsoleResponse } from '../../../shared/api/host';
import { consoleLifecycleOf } from '../../lib/game-lifecycle';
import { useAction } from '../../lib/use-action';
import { useNow } from '../../components/live-map/live-game-ui';
import { Button, Dialog } from '../../components/ui';
import { endGame, hostKeys, resumeGame, startGame } from './host-api';
import { useT } from '../../lib/i18n';

type Action = 'start' | 'end' | 'resume';

/** Each action's words, as keys of the host catalogue. */
const TEXTS = {
  start: {
    button: 'startButton',
    title: 'startTitle',
    description: 'startDescription',
    yes: 'startYes',
    done: 'startDone',
    failed: 'startFailed',
  },
  end: {
    button: 'endButton',
    title: 'endTitle',
    description: 'endDescription',
    yes: 'endYes',
    done: 'endDone',
    failed: 'endFailed',
  },
  resume: {
    button: 'resumeButton',
    title: 'resumeTitle',
    description: 'resumeDescription',
    yes: 'resumeYes',
    done: 'resumeDone',
    failed: 'resumeFailed',
  },
} as const satisfies Record<Action, Record<string, string>>;

/**
 * Start, End and Resume on the host console. Start and Resume are disabled, with the reason shown, by the same rules
 * the server applies (src/shared/lifecycle/game-states.ts); the server refuses them anyway.
 */
export function HostGameControls({ code, snapshot }: { code: string; snapshot: ConsoleResponse }) {
  const t = useT('host');
  const queryClient = useQueryClient();
  const now = new Date(useNow(15_000));
  const reasonId = useId();
  const [confirm, setConfirm] = useState<Action | null>(null);
  const status = snapshot.game.status;
  const action: Action = status === 'live' ? 'end' : status === 'ended' ? 'resume' : 'start';
  const rules = consoleLifecycleOf(snapshot, now);
  const blocked = action === 'start' ? rules.start : action === 'resume' ? rules.resume : null;
  const calls = { start: startGame, end: endGame, resume: resumeGame };
  // The answer's game shows at once; the snapshot's end times move with an end or a resume, so it is read again too.
  const change = useAction({
    call: (what: Action) => calls[what](code),
    success: (_, what) => t(TEXTS[what].done),
    failure: (what) => t(TEXTS[what].failed),
    failureToast: 'server',
    invalidates: [hostKeys.console(code)],
    onSuccess: ({ game }) => {
      queryClient.setQueryData<ConsoleResponse>(hostKeys.console(code), (old) => (old ? { ...old, game } : old));
      setConfirm(null);
    },
  });
  const busy = change.isPending;
  const texts = TEXTS[confirm ?? action];
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant={action === 'end' ? 'danger' : 'primary'}
        size="lg"
        disabled={blocked !== null}
        aria-describedby={blocked ? reasonId : undefined}
        onClick={() => setConfirm(action)}
      >
        {t(TEXTS[action].button)}
      </Button>
      {blocked ? (
        <p id={reasonId} className="max-w-xs text-right text-sm text-slate-600" data-testid="game-action-reason">
          {blocked.message}
        </p>
      ) : null}
      <Dialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title={t(texts.title)}
        description={t(texts.description)}
        size="sm"
        footer={
          <>
            <Button size="lg" onClick={() => setConfirm(null)}>
              {t('cancel')}
            </Button>
            <Button variant={confirm === 'end' ? 'danger' : 'primary'} size="lg" disabled={busy} onClick={() => void change.run(action)}>
              {busy ? t('working') : t(texts.yes)}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </div>
  );
}
