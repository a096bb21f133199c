import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { GameStatus } from '../../../shared/api/play';
import type { BadgeTone } from '../../components/ui';
import { paths } from '../../lib/paths';
import { StaffBar } from '../../components/staff-bar';
import { useT } from '../../lib/i18n';

/** A game's state as the console says it (in English the state's own name, lower case: "not started", "live"). */
export const STATUS_KEYS = { not_started: 'statusNotStarted', lobby: 'statusLobby', live: 'statusLive', ended: 'statusEnded' } as const;

export function statusTone(status: GameStatus): BadgeTone {
  return status === 'live' ? 'green' : status === 'lobby' ? 'blue' : status === 'ended' ? 'slate' : 'amber';
}

/** The host console's page frame: wide on a laptop, one column on a phone. */
export function HostFrame({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const t = useT('host');
  return (
    <main className="mx-auto max-w-7xl space-y-4 px-4 py-4 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <nav className="text-sm" aria-label={t('hostConsole')}>
          <Link to={paths.hostHome} className="text-brand-700 underline">
            {t('hostConsole')}
          </Link>
        </nav>
        <StaffBar current="host" />
      </div>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">{title}</h1>
        {actions}
      </header>
      {children}
    </main>
  );
}
