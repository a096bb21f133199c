import { createContext, useContext, useEffect, useReducer, type Dispatch, type ReactNode } from 'react';
import { fetchPricing, pricingErrorText } from './wizard-api';
import { deserializeWizard, planFromSearch, readTracking, serializeWizard } from './wizard-io';
import { browserTimeZone, defaultWizardState, wizardReducer, type WizardAction, type WizardState } from './wizard-state';

/** The wizard's store: the pure reducer, kept in sessionStorage so a reload keeps progress. */

export const WIZARD_STORAGE_KEY = 'hatch.booking-wizard';

type WizardContextValue = { state: WizardState; dispatch: Dispatch<WizardAction> };
const WizardContext = createContext<WizardContextValue | null>(null);

function readStorage(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage: the wizard still works, it only forgets on reload.
  }
}

type InitOptions = { storageKey: string | null; search: string; zone: string };

/** The saved wizard if any; otherwise the defaults with `?plan=` applied. The landing tracking is kept either way. */
function initialState({ storageKey, search, zone }: InitOptions): WizardState {
  const saved = storageKey ? deserializeWizard(readStorage(storageKey), zone) : null;
  let state = saved ?? defaultWizardState(zone);
  const plan = planFromSearch(search);
  if (!saved && plan) state = wizardReducer(state, { type: 'selectPlan', plan });
  return wizardReducer(state, { type: 'captureTracking', tracking: readTracking(search) });
}

type WizardProviderProps = {
  children: ReactNode;
  /** sessionStorage key; null keeps nothing (e.g. for a staff form that starts fresh). */
  storageKey?: string | null;
  /** The landing URL's query string (tracking and `?plan=`). */
  search?: string;
};

export function WizardProvider({ children, storageKey = WIZARD_STORAGE_KEY, search = '' }: WizardProviderProps) {
  const [state, dispatch] = useReducer(wizardReducer, { storageKey, search, zone: browserTimeZone() }, initialState);

  useEffect(() => {
    if (storageKey) writeStorage(storageKey, serializeWizard(state));
  }, [state, storageKey]);

  // Spec section 4: pricing loads at start and on each currency change.
  const { currency } = state;
  useEffect(() => {
    const controller = new AbortController();
    dispatch({ type: 'pricingRequested' });
    fetchPricing(currency, controller.signal).then(
      (pricing) => dispatch({ type: 'pricingLoaded', pricing }),
      (error: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: 'pricingFailed', error: pricingErrorText(error) });
      },
    );
    return () => controller.abort();
  }, [currency]);

  return <WizardContext.Provider value={{ state, dispatch }}>{children}</WizardContext.Provider>;
}

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard must be used inside a WizardProvider');
  return value;
}
