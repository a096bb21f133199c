import { afterEach, beforeAll, beforeEach } from 'vitest';
import { preloadLanguage } from '../../../src/web/lib/i18n';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { useNetwork } from './network';

useNetwork();

// A step loaded lazily, or a screen's answer, may take more than Testing Library's default second on a busy two-core
// machine (the browser tier and lint run beside this one): a wait ends as soon as the page shows what it waits for.
configure({ asyncUtilTimeout: 5_000 });

// Each file starts with React's act() flag unset, whatever the file before it in the worker left it as (a file that
// ended while Testing Library waited leaves it as that wait set it): the worker's files share their modules and
// globals (vitest.config.ts), and Testing Library's own per-file hook registers only in the first of them. Its act()
// turns the flag on around each call (decision 0685).
beforeAll(() => {
  Reflect.deleteProperty(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
});

// The catalogues a page loads on its first render (English, the page's language here), in before any screen renders.
beforeAll(() => preloadLanguage('en'));

// The page the server would have served: a CSRF token in the head (the api-client sends it with every change).
beforeEach(() => {
  if (!document.querySelector('meta[name="csrf-token"]')) {
    const meta = document.createElement('meta');
    meta.name = 'csrf-token';
    meta.content = 'component-test-token';
    document.head.append(meta);
  }
});

afterEach(() => {
  cleanup();
  // sonner keeps its toasts in a module-level store: none outlives its test.
  toast.dismiss();
});
