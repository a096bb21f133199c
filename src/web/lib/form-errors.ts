import type { ErrorOption, FieldErrors, FieldValues } from 'react-hook-form';
import { ApiError } from './api-client';
import { useMessageText } from './i18n';
import { notifyError } from './toast';

/** The first message in a react-hook-form error tree, in field order (the root error last). */
export function firstErrorMessage(errors: FieldErrors): string | null {
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'root' || !value || typeof value !== 'object') continue;
    if ('message' in value && typeof value.message === 'string' && value.message) return value.message;
    const nested = firstErrorMessage(value as FieldErrors);
    if (nested) return nested;
  }
  const root = errors.root;
  return root && typeof root.message === 'string' && root.message ? root.message : null;
}

/**
 * For handleSubmit's invalid branch on staff forms, which report a refused value as a toast (spec section 9):
 * the shared rule's message, shown once.
 */
export function toastFirstError<T extends FieldValues>(errors: FieldErrors<T>): void {
  const message = firstErrorMessage(errors);
  if (message) notifyError(message);
}

/**
 * `toastFirstError` for a screen in the staff member's language: the one message, said in the reader's language. The
 * shared rules write it in English, which the messages catalogue is keyed by (decision 0590).
 */
export function useToastFirstError(): <T extends FieldValues>(errors: FieldErrors<T>) => void {
  const message = useMessageText();
  return (errors) => {
    const first = firstErrorMessage(errors);
    if (first) notifyError(message(first));
  };
}

/**
 * A server's refusal on the form: each field message of its 422 (ApiError.errors) goes under the form's own field of
 * that name (the first message, as the form shows one). Other failures and fields the form does not have are left to
 * the caller's toast.
 */
export function setServerFieldErrors<N extends string>(error: unknown, fields: readonly N[], setError: (name: N, error: ErrorOption) => void): void {
  if (!(error instanceof ApiError)) return;
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = fields.find((f) => f === key);
    if (field && messages[0]) setError(field, { type: 'server', message: messages[0] });
  }
}
