import { useT } from '../../lib/i18n';
import { useLocalizedPricing } from '../../lib/content-text';
import { useMoneyText } from './money-text';
import { useState } from 'react';
import { ADD_ON_TYPES, type AddOnType } from '../../../shared/plans';
import { Spinner } from '../spinner';
import { Tooltip, TooltipProvider } from '../tooltip';
import { INFO_BUTTON_CLASS, InfoIcon, StepHeading } from './help-popover';
import { FeatureList, PricingError } from './step-plan';
import { useWizard } from './wizard-store';
import { Button } from '../ui/button';

const isAddOnType = (v: string): v is AddOnType => (ADD_ON_TYPES as readonly string[]).includes(v);

/**
 * Step 2, 'Optional Add-ons': each card toggles between 'Add Item' and 'Added'; several may be chosen. A press says
 * what it did in a line under the cards (a status, read out too): the card's change alone went unnoticed (issue 28).
 * The line stays until the next press, unlike a toast, so it is there for whoever looks up late.
 */
export function StepAddOns() {
  const { state, dispatch } = useWizard();
  const t = useT('wizard');
  const money = useMoneyText(state.currency);
  const addons = useLocalizedPricing(state.pricing)?.addons ?? [];
  const [said, setSaid] = useState('');
  return (
    <TooltipProvider>
      <section>
        <StepHeading title={t('addOnsTitle')} />
        {state.pricingLoading ? <Spinner /> : null}
        <PricingError error={state.pricingError} />
        <div className="grid gap-4 md:grid-cols-2" role="list" aria-label={t('addOns')}>
          {addons.map((addon) => {
            const added = isAddOnType(addon.type) && state.addOns.includes(addon.type);
            const note = addon.note ?? (addon.type === 'hosted' ? t('travelNote') : undefined);
            const noteTooltip = addon.note_tooltip ?? (addon.type === 'hosted' ? t('travelTooltip') : undefined);
            return (
              <article
                key={addon.type}
                role="listitem"
                aria-label={addon.name}
                className={`flex flex-col rounded-2xl border-2 bg-white p-5 shadow-sm ${added ? 'border-brand-500 ring-2 ring-brand-400' : 'border-slate-200'}`}
              >
                <h3 className="text-xl font-bold text-slate-900">{addon.name}</h3>
                <p className="mt-1 text-sm text-slate-600">{addon.description}</p>
                <p className="mt-4 flex flex-wrap items-baseline gap-2">
                  <span className="text-3xl font-extrabold text-slate-900">{money(addon.price, addon.formatted_amount)}</span>
                  {note ? (
                    <span className="inline-flex items-center gap-1 text-sm text-slate-700">
                      {note}
                      {noteTooltip ? (
                        <Tooltip content={noteTooltip}>
                          <Button variant="unstyled" className={INFO_BUTTON_CLASS} aria-label={t('aboutTravel', { tooltip: noteTooltip })}>
                            <InfoIcon />
                          </Button>
                        </Tooltip>
                      ) : null}
                    </span>
                  ) : null}
                </p>
                <div className="flex-1">
                  <FeatureList features={addon.features} />
                </div>
                <Button
                  variant="unstyled"
                  aria-pressed={added}
                  aria-label={t(added ? 'addedItem' : 'addItemLabel', { item: addon.name })}
                  onClick={(e) => {
                    // A double click is one press: two would add the host and take it off again.
                    if (e.detail > 1 || !isAddOnType(addon.type)) return;
                    dispatch({ type: 'toggleAddOn', addOn: addon.type });
                    setSaid(t(added ? 'removedFromGame' : 'addedToGame', { item: addon.name }));
                  }}
                  className={`mt-6 w-full rounded-lg px-4 py-2.5 font-semibold ${added ? 'bg-slate-900 text-white' : 'bg-brand-400 text-slate-900 hover:bg-brand-500'}`}
                >
                  {added ? (
                    <>
                      <span aria-hidden="true">✓ </span>
                      {t('added')}
                    </>
                  ) : (
                    t('addItem')
                  )}
                </Button>
              </article>
            );
          })}
        </div>
        <p role="status" className="mt-4 min-h-6 font-medium text-slate-900">
          {said}
        </p>
      </section>
    </TooltipProvider>
  );
}
