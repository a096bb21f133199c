import { toast } from 'sonner';

/** Spec section 9: toasts show for 1.2 s. */
export const TOAST_DURATION_MS = 1200;

export function notifySuccess(message: string): void {
  toast.success(message, { duration: TOAST_DURATION_MS });
}

export function notifyError(message: string): void {
  toast.error(message, { duration: TOAST_DURATION_MS });
}
