import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToastRequest, toastsRequested } from '../lib/toast';

const AppToaster = lazy(() => import('./app-toaster'));

/** The app's one toast region, mounted from the first request on and kept across pages (see lib/toast.ts). */
export function ToastRegion() {
  const requested = useSyncExternalStore(subscribeToToastRequest, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
