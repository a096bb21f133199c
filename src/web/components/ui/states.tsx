import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';

/** What a list shows when it has nothing to list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{children}</p>;
}

/** A failed load: never an empty list. Says so and offers Retry, which shows it is busy while it runs. */
export function ErrorState({ message, onRetry, retrying = false }: { message: string; onRetry?: () => void; retrying?: boolean }) {
  const t = useT('common');
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-8 text-center">
      <p className="font-medium text-red-800">{message}</p>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          aria-busy={retrying}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60"
        >
          {retrying ? t('retrying') : t('retry')}
        </button>
      ) : null}
    </div>
  );
}
