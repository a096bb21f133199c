import { useMemo } from 'react';
import { localizedPricing } from '../../shared/plans';
import { useLanguage } from './i18n';

/**
 * A price list with each plan's and add-on's name and description in the page's language (staff's translations, else
 * the English; decision 0630). Read where the names are shown, so a switch of language needs no new request.
 */
export function useLocalizedPricing<P extends Parameters<typeof localizedPricing>[0]>(pricing: P | null): P | null {
  const language = useLanguage();
  return useMemo(() => (pricing ? localizedPricing(pricing, language) : null), [pricing, language]);
}
