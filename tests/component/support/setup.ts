import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import './network';

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
