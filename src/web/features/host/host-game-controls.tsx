import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConsoleResponse } from '../../../shared/api/host';
import { consoleLifecycleOf } from '../../lib/game-lifecycle';
import { useAction } from '../../lib/use-action';
import { useNow } from '../../components/live-map/live-game-ui';
import { Button, Dialog } from '../../components/ui';
import { endGame, hostKeys, resumeGame, startGame } from './host-api';

type Action = 'start' | 'end' | 'resume';

const TEXTS: Record<Action, { button: string; title: string; description: string; yes: string; done: string; failed: string }> = {
  start: {
    button: 'Start Game',
    title: 'Start the game?',
    description: 'Players can no longer change teams, and their positions start to be shared. The game ends at its booked duration.',
    yes: 'Yes, start',
    done: 'Game started',
    failed: 'Failed to start the game',
  },
  end: {
    button: 'End Game',
    title: 'End the game?',
    description: 'Every player sees "Game over" and positions stop. Within 30 minutes you can still resume it.',
    yes: 'Yes, end',
    done: 'Game ended',
    failed: 'Failed to end the game',
  },
  resume: {
    button: 'Resume Game',
    title: 'Resume the game?',
    description: 'The game goes live again for every player, with the time that was left when it ended.',
    yes: 'Yes, resume',
    done: 'Game resumed',
    failed: 'Failed to resume the game',
  },
};

/**
 * Start, End and Resume on the host console. Start and Resume are disabled, with the reason shown, by the same rules
 * the server applies (src/shared/lifecycle/game-states.ts); the server refuses them anyway.
 */
export function HostGameControls({ code, snapshot }: { code: string; snapshot: ConsoleResponse }) {
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
    success: (_, what) => TEXTS[what].done,
    failure: (what) => TEXTS[what].failed,
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
        {TEXTS[action].button}
      </Button>
      {blocked ? (
        <p id={reasonId} className="max-w-xs text-right text-sm text-slate-600" data-testid="game-action-reason">
          {blocked.message}
        </p>
      ) : null}
      <Dialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title={texts.title}
        description={texts.description}
        size="sm"
        footer={
          <>
            <Button size="lg" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button variant={confirm === 'end' ? 'danger' : 'primary'} size="lg" disabled={busy} onClick={() => void change.run(action)}>
              {busy ? 'Working…' : texts.yes}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </div>
  );
}
