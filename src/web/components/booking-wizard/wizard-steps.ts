import { dateTimeError } from '../../../shared/validation/booking-rules';
import { hasValidDateTime, isContactValid, toApiDate, type WizardState } from './wizard-state';

/**
 * The public wizard's addresses (decision 0535): step 0 is `/` itself, each later step `/?step=<name>`, so every step
 * is its own history entry and the browser's Back and Forward move between steps. Pure: no router, no DOM.
 */

export const STEP_PARAM = 'step';
/** Index = the step (spec: five steps, 0 to 4); step 0 has no name, it is `/`. */
const STEP_NAMES = ['', 'plan', 'addons', 'details', 'summary'] as const;
const LAST_STEP = STEP_NAMES.length - 1;

/** The step an address asks for: its `?step=` name, else (none, or a name of no step) the first step. */
export function stepFromSearch(search: string): number {
  const name = new URLSearchParams(search).get(STEP_PARAM);
  const index = name ? STEP_NAMES.findIndex((n) => n === name) : -1;
  return index > 0 ? index : 0;
}

/** The query string of a step's address: '' for step 0 (`/`), `?step=<name>` for the others. */
export function stepSearch(step: number): string {
  const clamped = Math.min(LAST_STEP, Math.max(0, Math.trunc(step)));
  return clamped === 0 ? '' : `?${STEP_PARAM}=${STEP_NAMES[clamped]}`;
}

/** Step 0 may be left when its state is valid and the date and time make a real, future moment. */
export function stepZeroReady(s: WizardState): boolean {
  return s.isValid && hasValidDateTime(s) && dateTimeError(toApiDate(s.date), s.meetingTime, s.timezone) === null;
}

/**
 * The step the wizard shows for the step an address asks for: that step, or the first incomplete step before it (a
 * deep link or a Forward to a step whose earlier data is missing). The plan has a default and add-ons are optional, so
 * the incomplete steps are step 0 (when and where) and step 3 (the email). A booking made shows its summary.
 */
export function stepShown(requested: number, s: WizardState): number {
  if (s.id !== null) return LAST_STEP;
  if (!stepZeroReady(s)) return 0;
  if (!isContactValid(s.contactDetails.email)) return Math.min(requested, 3);
  return Math.min(requested, LAST_STEP);
}
