import type { ReactNode } from 'react';
import { ToastRegion } from './toast-region';

// Only what every page needs is here. The query client lives in area-providers.tsx (pages that query)
// and tooltips bring their own provider, to keep both out of the public wizard's first load.
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToastRegion />
    </>
  );
}
