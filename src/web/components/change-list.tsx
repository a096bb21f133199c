import type { ChangeLineDto } from '../../shared/api/booking-timeline';
import { useMessageWord, useT } from '../lib/i18n';

/** The fields of one change in words: 'Meeting point: 1 Old St → 2 New St', or just the value when there was none before. */
export function ChangeList({ changes }: { changes: ChangeLineDto[] }) {
  const t = useT('content');
  // The server writes each field's name and its fixed values in English ('Booking status: Lead → Paid'): the messages
  // catalogue has them as words; free text (an address, a note) is shown as written.
  const word = useMessageWord();
  if (changes.length === 0) return null;
  return (
    <dl className="mt-1 space-y-0.5 text-xs">
      {changes.map((change, i) => (
        <div key={`${change.label}-${i}`} className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-slate-600">{word(change.label)}:</dt>
          <dd className="min-w-0 break-words text-slate-800">
            {change.before !== null ? (
              <>
                <del className="text-red-700 decoration-red-300">{word(change.before)}</del>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> {t('changes.changedTo')} </span>
              </>
            ) : null}
            {change.before !== null ? (
              <ins className="text-green-800 no-underline">{change.after === null ? '—' : word(change.after)}</ins>
            ) : (
              <span>{change.after === null ? '—' : word(change.after)}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
