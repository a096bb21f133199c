import { useRef } from 'react';
import { useMutation, useQueryClient, type DataTag, type QueryKey } from '@tanstack/react-query';
import { ApiError, errorMessage, isSessionExpired } from './api-client';
import { notifyError, notifySuccess } from './toast';

/** The failure line under a button after the toast said the screen's text: that text, then the server's reason. */
function failureText(error: unknown, failText: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message && error.message !== failText) {
    return `${failText}: ${error.message}`;
  }
  return failText;
}

const isConflict = (error: unknown) => error instanceof ApiError && error.code === 'conflict';

export type ActionOptions<TVars, TResult> = {
  /** The write itself. */
  call: (vars: TVars) => Promise<TResult>;
  /** The spec's toast once it is done; none when left out (the screen shows the outcome itself). */
  success?: string | ((result: TResult, vars: TVars) => string);
  /** The screen's failure text (spec wording): toasted as `failureToast` says, and the base of `error`. */
  failure: string | ((vars: TVars, error: unknown) => string);
  /**
   * The failure toast: 'text' the screen's own text (default), 'server' the server's message when it sent one (else
   * the screen's text), 'none' no toast (the screen shows `error` beside its button). A session that expired is never
   * toasted again: the API client has said so and is on its way to the login page.
   */
  failureToast?: 'text' | 'server' | 'none';
  /** Queries read again once it is done (each key and every key under it); the busy state lasts until they are. */
  invalidates?: readonly QueryKey[];
  /** The query whose data the answer is (a write that answers the record as now stored): set, not read again. */
  replaces?: DataTag<QueryKey, TResult, unknown>;
  /**
   * Read `replaces` and `invalidates` again after a failure too, so the page shows what is stored now: 'conflict' only
   * after a write refused as stale (409: someone changed the record first), whose reason the server's message toast
   * says whatever `failureToast` says; 'always' after any failure (a refusal often means the thing changed meanwhile).
   */
  rereadOnFailure?: 'conflict' | 'always';
  /** After the answer is in the cache and before the success toast; a promise it returns is waited for. */
  onSuccess?: (result: TResult, vars: TVars) => unknown;
  /** After the failure was said; a promise it returns is waited for (still busy meanwhile). */
  onError?: (error: unknown, vars: TVars) => unknown;
};

export type Action<TVars> = {
  /** Runs the call; true once it is done, false when it failed or another run of this action was still going. */
  run: (vars: TVars) => Promise<boolean>;
  isPending: boolean;
  /** The last run went through: for a screen that leaves once it has (its button stays disabled until it is gone). */
  isSuccess: boolean;
  /** What the running (or last) call was given: which row's button is busy. */
  variables: TVars | undefined;
  /**
   * The failure line for beside the button, null before a failure and once the next run starts. After a toast of the
   * screen's text it is that text and the server's reason (`failureText`); else the server's reason or the screen's text.
   */
  error: string | null;
  reset: () => void;
};

/**
 * The one way the web app writes: TanStack Query's mutation with the spec's toasts, the queries it changes refreshed,
 * and one busy state for the buttons. A second run while one is going is ignored, so a double click sends once.
 */
export function useAction<TVars = void, TResult = unknown>(options: ActionOptions<TVars, TResult>): Action<TVars> {
  const queryClient = useQueryClient();
  const running = useRef(false);
  const failureOf = (vars: TVars, error: unknown) => (typeof options.failure === 'function' ? options.failure(vars, error) : options.failure);
  const reread = (keys: readonly QueryKey[]) => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);

  // What the call was given, kept as the mutation's context: the failure line is worked out from it on render.
  const mutation = useMutation<TResult, unknown, TVars, { vars: TVars }>({
    mutationFn: options.call,
    // Sent at once even when the browser thinks it is offline, so a failure is said instead of a button left waiting
    // for a connection (a phone in a park); TanStack would otherwise hold the call until it is back.
    networkMode: 'always',
    onMutate: (vars) => ({ vars }),
    onSuccess: async (result, vars) => {
      if (options.replaces) queryClient.setQueryData(options.replaces, result);
      await options.onSuccess?.(result, vars);
      // The page shows the new state by the time the toast says it is done.
      await reread(options.invalidates ?? []);
      if (options.success !== undefined) notifySuccess(typeof options.success === 'function' ? options.success(result, vars) : options.success);
    },
    onError: async (error, vars) => {
      const text = failureOf(vars, error);
      const stale = options.rereadOnFailure === 'conflict' && isConflict(error);
      const mode = stale ? 'server' : (options.failureToast ?? 'text');
      if (mode !== 'none' && !isSessionExpired(error)) notifyError(mode === 'server' ? errorMessage(error, text) : text);
      if (stale || options.rereadOnFailure === 'always') await reread([...(options.replaces ? [options.replaces] : []), ...(options.invalidates ?? [])]);
      await options.onError?.(error, vars);
    },
  });

  const run = async (vars: TVars): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    try {
      await mutation.mutateAsync(vars);
      return true;
    } catch {
      return false;
    } finally {
      running.current = false;
    }
  };

  let error: string | null = null;
  if (mutation.isError && mutation.context) {
    const text = failureOf(mutation.context.vars, mutation.error);
    error = (options.failureToast ?? 'text') === 'text' ? failureText(mutation.error, text) : errorMessage(mutation.error, text);
  }
  return { run, isPending: mutation.isPending, isSuccess: mutation.isSuccess, variables: mutation.variables, error, reset: mutation.reset };
}
