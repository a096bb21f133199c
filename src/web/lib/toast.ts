/** Spec section 9: toasts show for 1.2 s. */
export const TOAST_DURATION_MS = 1200;
/** Game messages to players: long enough to read while walking. */
export const INFO_DURATION_MS = 8000;
/**
 * An error stays long enough to be read by someone who looked away, then goes: one that stayed until dismissed covered
 * a player's timer for minutes (issue 19). Every toast has a close button (app-toaster.tsx) to go sooner.
 */
export const ERROR_DURATION_MS = 10_000;

// The toast region (sonner, ~10 KB gzip) is mounted only once a page asks for it, so the wizard's first
// load does not carry it. Pages that may toast ask as they open, so the region (an aria-live section)
// is already there when a toast comes; a toast from anywhere else mounts it too.
let requested = false;
const listeners = new Set<() => void>();

export function requestToasts(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

export function toastsRequested(): boolean {
  return requested;
}

export function subscribeToToastRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: 'success' | 'error' | 'info', message: string): void {
  requestToasts();
  // Success toasts go after the spec's 1.2 s; an error after ERROR_DURATION_MS (or its close button), and the same
  // error shown again replaces itself instead of piling up. A message to players (from the game's host) stays long
  // enough to be read on a moving phone.
  const options =
    kind === 'error' ? { duration: ERROR_DURATION_MS, id: `error:${message}` } : { duration: kind === 'info' ? INFO_DURATION_MS : TOAST_DURATION_MS };
  // sonner keeps a toast made before its Toaster subscribed and shows it once it does.
  import('sonner').then(
    ({ toast }) => toast[kind](message, options),
    () => undefined,
  );
}

export function notifySuccess(message: string): void {
  show('success', message);
}

/** A message for the player (e.g. the host's), shown for INFO_DURATION_MS. */
export function notifyInfo(message: string): void {
  show('info', message);
}

export function notifyError(message: string): void {
  show('error', message);
}
