/**
 * Loads wizard-schemas.ts (zod and the wizard's schemas, ~25 KB gzip) on demand, so that showing step 0
 * costs none of it: the price list is requested at start but checked only once the schemas are in, and
 * a first visit asks for them on the booker's first touch, click, key or focus (the price list is first
 * shown on step 1, which cannot be reached without one).
 */

import { firstInteraction } from '../../lib/first-interaction';
import type * as Schemas from './wizard-schemas';

type WizardSchemas = typeof Schemas;

let schemas: Promise<WizardSchemas> | null = null;

/** The schemas, loading them if needed (a failed load is retried on the next call). */
export function loadWizardSchemas(): Promise<WizardSchemas> {
  if (!schemas) {
    const loading = import('./wizard-schemas');
    schemas = loading;
    loading.catch(() => {
      if (schemas === loading) schemas = null;
    });
  }
  return schemas;
}

/** The schemas at once when they were already asked for (a saved wizard), else after the first interaction. */
export function loadWizardSchemasWhenUsed(): Promise<WizardSchemas> {
  return schemas ?? firstInteraction().then(loadWizardSchemas);
}
