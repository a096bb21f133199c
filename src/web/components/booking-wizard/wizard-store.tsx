import { createContext, useContext, useEffect, useReducer, type Dispatch, type ReactNode } from 'react';
import { fetchPricing, pricingErrorText } from './wizard-api';
import { planFromSearch, readTracking, serializeWizard } from './wizard-io';
import { loadWizardSchemasWhenUsed } from './wizard-schemas-loader';
import { browserTimeZone, defaultWizardState, wizardReducer, type WizardAction, type WizardState } from './wizard-state';

/** The wizard's store: the pure reducer, kept in sessionStorage so a reload keeps progress. */

export const WIZARD_STORAGE_KEY = 'hatch.booking-wizard';

type WizardContextValue = { state: WizardState; dispatch: Dispatch<WizardAction> };
const WizardContext = createContext<WizardContextValue | null>(null);

export function readStorage(key: string): string | null {
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

/** Reads a saved wizard back (wizard-schemas.ts's deserializeWizard): null when nothing usable was saved. */
export type RestoreWizard = (raw: string | null, browserTimeZone: string) => WizardState | null;

type InitOptions = { saved: string | null; search: string; zone: string; restore: RestoreWizard | undefined };

/**
 * The saved wizard if any, else the defaults. A `?plan=` naming a known plan wins over the saved plan
 * (spec section 2: it preselects the plan), so a link from a plan's page works mid-way through too;
 * the reducer ignores it once the booking was made. The landing tracking is kept either way.
 */
export function initialWizardState({ saved, search, zone, restore }: InitOptions): WizardState {
  const restored = restore ? restore(saved, zone) : null;
  let state = restored ?? defaultWizardState(zone);
  const plan = planFromSearch(search);
  if (plan) state = wizardReducer(state, { type: 'selectPlan', plan });
  return wizardReducer(state, { type: 'captureTracking', tracking: readTracking(search) });
}

type WizardProviderProps = {
  children: ReactNode;
  /** sessionStorage key; null keeps nothing (e.g. for a staff form that starts fresh). */
  storageKey?: string | null;
  /** The landing URL's query string (tracking and `?plan=`). */
  search?: string;
  /** Reads what storageKey holds; without it the wizard starts fresh (the caller loads it only when something was saved). */
  restore?: RestoreWizard;
  /** Check the price list only after the first interaction (see wizard-schemas-loader.ts): for the public page. */
  deferSchemas?: boolean;
};

export function WizardProvider({ children, storageKey = WIZARD_STORAGE_KEY, search = '', restore, deferSchemas = false }: WizardProviderProps) {
  const [state, dispatch] = useReducer(
    wizardReducer,
    { saved: storageKey ? readStorage(storageKey) : null, search, zone: browserTimeZone(), restore },
    initialWizardState,
  );

  useEffect(() => {
    if (storageKey) writeStorage(storageKey, serializeWizard(state));
  }, [state, storageKey]);

  // Spec section 4: pricing loads at start and on each currency change.
  const { currency } = state;
  useEffect(() => {
    const controller = new AbortController();
    dispatch({ type: 'pricingRequested' });
    fetchPricing(currency, controller.signal, deferSchemas ? loadWizardSchemasWhenUsed() : undefined).then(
      (pricing) => {
        if (!controller.signal.aborted) dispatch({ type: 'pricingLoaded', pricing });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: 'pricingFailed', error: pricingErrorText(error) });
      },
    );
    return () => controller.abort();
  }, [currency, deferSchemas]);

  return <WizardContext.Provider value={{ state, dispatch }}>{children}</WizardContext.Provider>;
}

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard must be used inside a WizardProvider');
  return value;
}
