import { useState } from 'react';
import { ApiError } from './api-client';
import { notifyError, notifySuccess } from './toast';

/** The failure line under a save button: the screen's text, then the server's reason when it gave one. */
export function failureText(error: unknown, failText: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message && error.message !== failText) {
    return `${failText}: ${error.message}`;
  }
  return failText;
}

/**
 * The one save pattern of a section that keeps its failure beside its button: a toast either way, the answer
 * handed to `onSaved`, the failure text kept for the form, and `saving` while the call runs.
 * (Staff detail forms use react-hook-form's isSubmitting with the detail action instead.)
 */
export function useSaveAction<T>(onSaved: (result: T) => void, texts: { success: string; failure: string }) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => Promise<T>): Promise<boolean> => {
    setSaving(true);
    setError(null);
    try {
      onSaved(await call());
      notifySuccess(texts.success);
      return true;
    } catch (e) {
      notifyError(texts.failure);
      setError(failureText(e, texts.failure));
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { run, saving, error };
}
