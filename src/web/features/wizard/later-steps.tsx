import { lazy } from 'react';

// Steps 1 to 4 are one chunk, fetched on the booker's first interaction with step 0 (or when a reload
// lands on one of them), so that the first load carries step 0 only.
const load = () => import('./later-steps-chunk');

export function preloadLaterSteps(): void {
  // A failed fetch is not lost: the step's own lazy load tries again and reports it.
  load().catch(() => undefined);
}

export const StepPlan = lazy(() => load().then((m) => ({ default: m.StepPlan })));
export const StepAddOns = lazy(() => load().then((m) => ({ default: m.StepAddOns })));
export const StepContact = lazy(() => load().then((m) => ({ default: m.StepContact })));
export const StepSummary = lazy(() => load().then((m) => ({ default: m.StepSummary })));
