import type { ChangeLineDto } from '../../shared/api/booking-timeline';
import { useT } from '../lib/i18n';

/** The fields of one change in words: 'Meeting point: 1 Old St → 2 New St', or just the value when there was none before. */
export function ChangeList({ changes }: { changes: ChangeLineDto[] }) {
  const t = useT('content');
  if (changes.length === 0) return null;
  return (
    <dl className="mt-1 space-y-0.5 text-xs">
      {changes.map((change, i) => (
        <div key={`${change.label}-${i}`} className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-slate-600">{change.label}:</dt>
          <dd className="min-w-0 break-words text-slate-800">
            {change.before !== null ? (
              <>
                <del className="text-red-700 decoration-red-300">{change.before}</del>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> {t('changes.changedTo')} </span>
              </>
            ) : null}
            {change.before !== null ? <ins className="text-green-800 no-underline">{change.after ?? '—'}</ins> : <span>{change.after ?? '—'}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
