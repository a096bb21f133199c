import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '../lib/toast';

// sonner's rich colours put mid-tone text on pale backgrounds (its info blue is about 4.3:1); darker text keeps every
// toast above the 4.5:1 contrast that axe and WCAG AA ask for.
const ACCESSIBLE_TEXT = {
  '--info-text': '#0b4f8a',
  '--success-text': '#0f5f2e',
  '--error-text': '#a1001b',
  '--warning-text': '#7a4100',
} as CSSProperties;

// Every toast has a close button, big enough for a thumb: a toast over a player's timer goes with one tap (issue 19).
const TOAST_OPTIONS = { classNames: { closeButton: 'h-7! w-7!' } };

export default function AppToaster() {
  return <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton toastOptions={TOAST_OPTIONS} style={ACCESSIBLE_TEXT} />;
}
