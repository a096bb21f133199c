import { useEffect, type ComponentType, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { requestToasts } from '../lib/toast';

// One client for every page that uses queries (staff area, booker pages, login): its cache outlives
// page changes. It is not at the app's root, so the public wizard (no queries) does not load it.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 10_000 },
  },
});

export function AreaProviders({ children }: { children: ReactNode }) {
  // These pages toast: have the region in place before the first one.
  useEffect(() => requestToasts(), []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A page inside AreaProviders, as one component, so the router loads both in one go. */
export function withAreaProviders(Page: ComponentType): ComponentType {
  return function AreaPage() {
    return (
      <AreaProviders>
        <Page />
      </AreaProviders>
    );
  };
}
