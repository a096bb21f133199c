import type { ReactNode } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { firstErrorMessage } from '../../lib/form-errors';
import { useMessageText } from '../../lib/i18n';
import { notifyError } from '../../lib/toast';

/** A label and its value in a definition list. */
export function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : value);

/**
 * handleSubmit's invalid branch for the booking page's forms: `toastFirstError`'s one message, said in the reader's
 * language. The shared rules write it in English, which the messages catalogue is keyed by (decision 0590).
 */
export function useToastFirstError(): <T extends FieldValues>(errors: FieldErrors<T>) => void {
  const message = useMessageText();
  return (errors) => {
    const first = firstErrorMessage(errors);
    if (first) notifyError(message(first));
  };
}
