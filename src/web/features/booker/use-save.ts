import { useState } from 'react';
import type { BookerBooking } from '../../../shared/api/booking';
import { ApiError } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/toast';

/** The failure line under a save button: the screen's text, then the server's reason when it gave one. */
export function failureText(error: unknown, failText: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message && error.message !== failText) {
    return `${failText}: ${error.message}`;
  }
  return failText;
}

/** Runs one section's save: a toast either way, the answer put in place, the failure kept for the form. */
export function useSave(onSaved: (booking: BookerBooking) => void, texts: { success: string; failure: string }) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => Promise<BookerBooking>): Promise<boolean> => {
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
