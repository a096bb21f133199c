import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AppToaster from '../../../src/web/app/app-toaster';

/**
 * Renders a screen as the app does (src/web/app/area-providers.tsx, router.tsx, app-toaster.tsx): a TanStack Query
 * client (here one per test, retries off), the router at `path` (`route` is the route's pattern, e.g.
 * `/admin/bookings/:id`; `history` the entries before it), and the app's real toaster so toast texts can be read.
 */
export function renderScreen(ui: ReactElement, { path, route = path, history = [] }: { path: string; route?: string; history?: string[] }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  let current: Location | undefined;
  let navigate: NavigateFunction | undefined;
  function LocationProbe() {
    current = useLocation();
    navigate = useNavigate();
    return null;
  }
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[...history, path]} initialIndex={history.length}>
        <LocationProbe />
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={<p>Left the screen</p>} />
        </Routes>
      </MemoryRouter>
      <AppToaster />
    </QueryClientProvider>,
  );
  return {
    ...utils,
    user,
    queryClient,
    /** Where the router is now: `${pathname}${search}`. */
    location: () => (current ? `${current.pathname}${current.search}` : ''),
    /** The browser's Back (-1) and Forward (1) buttons: moves in the router's history, as a popstate does. */
    go: (delta: number) => {
      if (!navigate) throw new Error('not rendered');
      return navigate(delta);
    },
  };
}

/** The toast with this text (sonner's `[data-sonner-toast]`), once it shows. */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  const found = await screen.findByText(text, { selector: '[data-sonner-toast] *' }, { timeout: 3_000 });
  const toast = found.closest<HTMLElement>('[data-sonner-toast]');
  if (!toast) throw new Error('not in a toast');
  return toast;
}

/** The texts of the toasts on screen now. */
export function toastTexts(): string[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toast]')).map((t) => t.textContent ?? '');
}

/** A `<section>` by its accessible name, as the e2e tests find the detail's sections. */
export function region(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

export { screen, within };
