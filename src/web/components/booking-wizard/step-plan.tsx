import { useT } from '../../lib/i18n';
import { useLocalizedPricing } from '../../lib/content-text';
import { useMoneyText } from './money-text';
import { useId } from 'react';
import { CURRENCIES, isCurrency, isPlanType } from '../../../shared/plans';
import type { Feature } from '../../../shared/plans';
import { Spinner } from '../spinner';
import { Tooltip, TooltipProvider } from '../tooltip';
import { INFO_BUTTON_CLASS, InfoIcon, StepHeading } from './help-popover';
import { useWizard } from './wizard-store';
import { Button } from '../ui/button';

export function PricingError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="my-4 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-red-700">
      {error}
    </p>
  );
}

export function FeatureList({ features }: { features: Feature[] }) {
  const t = useT('wizard');
  return (
    <ul className="mt-4 space-y-2 text-sm text-slate-700">
      {features.map((f) => (
        <li key={f.text} className="flex items-start gap-2">
          <span aria-hidden="true" className="mt-0.5 text-brand-700">
            ✓
          </span>
          <span>
            <span className="inline-flex flex-wrap items-center gap-1">
              {f.text}
              {f.is_new ? <span className="rounded bg-brand-100 px-1.5 py-0.5 text-xs font-bold text-brand-700">{t('new')}</span> : null}
              {f.tooltip ? (
                <Tooltip content={f.tooltip}>
                  <Button
                    variant="unstyled"
                    className={INFO_BUTTON_CLASS}
                    aria-label={t('aboutFeature', { feature: f.text, tooltip: f.tooltip })}
                    onClick={(e) => e.stopPropagation()}
                  >
                    <InfoIcon />
                  </Button>
                </Tooltip>
              ) : null}
            </span>
            {f.description ? <span className="block text-slate-600">{f.description}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Spec: the selector exists but is hidden; it still works (and refetches the price list). */
export function CurrencySelect() {
  const { state, dispatch } = useWizard();
  const id = useId();
  const t = useT('wizard');
  return (
    <div hidden data-testid="currency-selector">
      <label htmlFor={id}>{t('currency')}</label>
      <select
        id={id}
        value={state.currency}
        onChange={(e) => {
          if (isCurrency(e.target.value)) dispatch({ type: 'setCurrency', currency: e.target.value });
        }}
      >
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Step 1, 'Pick your game type': the active plans as cards. Clicking a card or its Select button chooses its plan and
 * nothing more: only Next moves on (decision 0537). When Select also moved on (issue 28), a tap on Next, which on a
 * phone sits where the booker's thumb already was, skipped the Add-ons step unseen (issue 36). Pressing the chosen
 * plan again keeps it chosen (the spec's "extra action" is not shown).
 */
export function StepPlan() {
  const { state, dispatch } = useWizard();
  const t = useT('wizard');
  const money = useMoneyText(state.currency);
  const plans = (useLocalizedPricing(state.pricing)?.plans ?? []).filter((p) => p.is_active);
  const select = (type: string) => {
    if (isPlanType(type) && type !== state.planType) dispatch({ type: 'selectPlan', plan: type });
  };
  return (
    <TooltipProvider>
      <section>
        <StepHeading title={t('planTitle')} subtitle={t('planSubtitle')} />
        <CurrencySelect />
        {state.pricingLoading ? <Spinner /> : null}
        <PricingError error={state.pricingError} />
        <div className={`grid gap-4 ${plans.length === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2'}`} role="list" aria-label={t('plans')}>
          {plans.map((plan) => {
            const selected = plan.type === state.planType;
            const recommended = plan.is_recommended || plan.type === 'pro';
            return (
              <article
                key={plan.type}
                role="listitem"
                aria-label={plan.name}
                onClick={() => select(plan.type)}
                className={`relative flex cursor-pointer flex-col rounded-2xl border-2 bg-white p-5 shadow-sm transition ${selected ? 'border-brand-500 ring-2 ring-brand-400' : 'border-slate-200 hover:border-brand-400'}`}
              >
                {recommended ? (
                  <span className="absolute -top-3 left-5 rounded-full bg-slate-900 px-3 py-0.5 text-xs font-bold tracking-wide text-white">
                    {t('recommended')}
                  </span>
                ) : null}
                <h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
                <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
                <p className="mt-4 flex items-baseline gap-2">
                  {plan.is_sale && plan.original_formatted_amount ? (
                    <s className="text-lg text-slate-500">
                      <span className="sr-only">{t('was')} </span>
                      {money(plan.original_price, plan.original_formatted_amount)}
                    </s>
                  ) : null}
                  <span className="text-3xl font-extrabold text-slate-900">{money(plan.price, plan.formatted_amount)}</span>
                  <span className="text-sm text-slate-600">{t('perPerson')}</span>
                </p>
                <div className="flex-1">
                  <FeatureList features={plan.features} />
                </div>
                <Button
                  variant="unstyled"
                  aria-pressed={selected}
                  aria-label={t(selected ? 'selectedPlan' : 'selectPlan', { plan: plan.name })}
                  onClick={(e) => {
                    e.stopPropagation();
                    select(plan.type);
                  }}
                  className={`mt-6 w-full rounded-lg px-4 py-2.5 font-semibold ${selected ? 'bg-slate-900 text-white' : 'bg-brand-400 text-slate-900 hover:bg-brand-500'}`}
                >
                  {selected ? t('selected') : t('select')}
                </Button>
              </article>
            );
          })}
        </div>
      </section>
    </TooltipProvider>
  );
}
