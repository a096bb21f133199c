import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '../lib/toast';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 10_000 },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RadixTooltip.Provider>
        {children}
        <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />
      </RadixTooltip.Provider>
    </QueryClientProvider>
  );
}
