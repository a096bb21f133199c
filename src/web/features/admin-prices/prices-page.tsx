import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { updatePricingBody, type AdminPricing, type UpdatePricingBody } from '../../../shared/api/pricing';
import { CURRENCIES, DEFAULT_CURRENCY, isCurrency, type Currency, type ItemTranslatedField } from '../../../shared/plans';
import type { Translations } from '../../../shared/i18n/content';
import { TranslationFields, type TranslatedField } from '../../components/translation-fields';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Spinner } from '../../components/spinner';
import { Button, ErrorState, Field, Input, Section, Select } from '../../components/ui';
import { adminPricingKey, fetchAdminPricing, savePricing } from './prices-api';
import { useMessageText, useT } from '../../lib/i18n';

type Names = Translations<ItemTranslatedField>;
type PlanRow = { type: string; name: string; description: string; price: string; sale: string; active: boolean; translations: Names };
type AddOnRow = { type: string; name: string; description: string; price: string; translations: Names };

type Errors = Record<string, string>;

/** A stored amount as staff edit it: 15, 12.5 → "12.50". */
const text = (amount: number) => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2));
/** What staff typed, as the body's number; anything that is not a plain decimal becomes NaN, which the schema refuses. */
const amountOf = (typed: string) => (/^\d+(\.\d+)?$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN);

/**
 * The body PUT takes, judged by the endpoint's own schema, so the page refuses what the server would with its messages,
 * keyed as the server keys them ("plans.0.price").
 */
function bodyOf(currency: Currency, plans: PlanRow[], addons: AddOnRow[]): { body: UpdatePricingBody } | { errors: Errors } {
  const parsed = updatePricingBody.safeParse({
    currency,
    plans: plans.map((p) => ({
      type: p.type,
      price: amountOf(p.price),
      is_active: p.active,
      sale_price: p.sale.trim() === '' ? null : amountOf(p.sale),
      translations: p.translations,
    })),
    addons: addons.map((a) => ({ type: a.type, price: amountOf(a.price), translations: a.translations })),
  });
  if (parsed.success) return { body: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { errors };
}

/** /admin/prices: a currency's price list, every plan and add-on, edited and saved together (issue 35, decision 0515). */
export function PricesPage() {
  const t = useT('money');
  const [currency, setCurrency] = useState<Currency>(DEFAULT_CURRENCY);
  const list = useQuery({ queryKey: adminPricingKey(currency), queryFn: () => fetchAdminPricing(currency) });
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">{t('prices.title')}</h1>
        <p className="mt-1 text-slate-600">{t('prices.intro')}</p>
      </div>
      <Field label={t('prices.currency')} className="max-w-xs">
        <Select value={currency} onChange={(e) => isCurrency(e.target.value) && setCurrency(e.target.value)}>
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      </Field>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? (
        <ErrorState message={errorMessage(list.error, t('prices.loadFailed'))} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : null}
      {/* Keyed by what was loaded: a new currency or a saved list starts the form afresh from the stored prices. */}
      {list.data ? <PriceListForm key={`${list.data.currency}:${JSON.stringify(list.data)}`} pricing={list.data} /> : null}
    </section>
  );
}

function PriceListForm({ pricing }: { pricing: AdminPricing }) {
  const t = useT('money');
  // The shared schema judges here in English (the server's refusals come in the reader's language): said in theirs.
  const ruleText = useMessageText();
  const { currency } = pricing;
  /** The name and description in other languages (decision 0630), saved with the prices. */
  const translated: readonly TranslatedField<ItemTranslatedField>[] = [
    { name: 'name', label: t('prices.name') },
    { name: 'description', label: t('prices.description'), multiline: true },
  ];
  const [plans, setPlans] = useState<PlanRow[]>(() =>
    pricing.plans.map((p) => ({
      type: p.type,
      name: p.name,
      description: p.description,
      price: text(p.list_price),
      sale: p.sale_price === null ? '' : text(p.sale_price),
      active: p.is_active,
      translations: p.translations ?? {},
    })),
  );
  const [addons, setAddons] = useState<AddOnRow[]>(() =>
    pricing.addons.map((a) => ({ type: a.type, name: a.name, description: a.description, price: text(a.price), translations: a.translations ?? {} })),
  );
  const [errors, setErrors] = useState<Errors>({});
  const errorAt = (path: string) => {
    const text = errors[path];
    return text ? ruleText(text) : undefined;
  };

  const save = useAction({
    call: savePricing,
    success: t('prices.saved', { currency }),
    failure: t('prices.saveFailed'),
    failureToast: 'server',
    // Every currency's list: the names' translations are the same in each.
    invalidates: [adminPricingKey(currency), ['pricing']],
    onError: (error) => {
      if (error instanceof ApiError) setErrors(Object.fromEntries(Object.entries(error.errors).flatMap(([k, m]) => (m[0] ? [[k, m[0]]] : []))));
    },
  });

  const submit = () => {
    const result = bodyOf(currency, plans, addons);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    void save.run(result.body);
  };
  const setPlan = (i: number, change: Partial<PlanRow>) => setPlans((rows) => rows.map((row, j) => (j === i ? { ...row, ...change } : row)));
  const setAddOn = (i: number, change: Partial<AddOnRow>) => setAddons((rows) => rows.map((row, j) => (j === i ? { ...row, ...change } : row)));

  return (
    <form
      aria-label={t('prices.formLabel', { currency })}
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Section id="plan-prices" title={t('prices.plans')} description={t('prices.plansHelp')}>
        <div className="space-y-4">
          {plans.map((plan, i) => (
            <fieldset key={plan.type} className="grid gap-3 sm:grid-cols-3">
              <legend className="mb-1 font-semibold">{plan.name}</legend>
              <Field label={t('prices.price', { name: plan.name })} error={errorAt(`plans.${i}.price`)}>
                <Input inputMode="decimal" value={plan.price} onChange={(e) => setPlan(i, { price: e.target.value })} />
              </Field>
              <Field label={t('prices.salePrice', { name: plan.name })} error={errorAt(`plans.${i}.sale_price`)} hint={t('prices.saleHint')}>
                <Input inputMode="decimal" value={plan.sale} onChange={(e) => setPlan(i, { sale: e.target.value })} />
              </Field>
              <label className="flex items-center gap-2 self-center text-sm">
                <input type="checkbox" className="h-4 w-4" checked={plan.active} onChange={(e) => setPlan(i, { active: e.target.checked })} />
                {t('prices.offered', { name: plan.name })}
              </label>
              <div className="sm:col-span-3">
                <TranslationFields
                  title={t('prices.otherLanguages', { name: plan.name })}
                  fields={translated}
                  english={{ name: plan.name, description: plan.description }}
                  value={plan.translations}
                  onChange={(translations) => setPlan(i, { translations })}
                  errorOf={(language, field) => errorAt(`plans.${i}.translations.${language}.${field}`)}
                />
              </div>
            </fieldset>
          ))}
        </div>
      </Section>
      <Section id="addon-prices" title={t('prices.addOns')} description={t('prices.addOnsHelp')}>
        <div className="space-y-4">
          {addons.map((addon, i) => (
            <div key={addon.type} className="space-y-3">
              <Field label={t('prices.price', { name: addon.name })} error={errorAt(`addons.${i}.price`)} className="max-w-xs">
                <Input inputMode="decimal" value={addon.price} onChange={(e) => setAddOn(i, { price: e.target.value })} />
              </Field>
              <TranslationFields
                title={t('prices.otherLanguages', { name: addon.name })}
                fields={translated}
                english={{ name: addon.name, description: addon.description }}
                value={addon.translations}
                onChange={(translations) => setAddOn(i, { translations })}
                errorOf={(language, field) => errorAt(`addons.${i}.translations.${language}.${field}`)}
              />
            </div>
          ))}
        </div>
      </Section>
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {t('prices.save')}
      </Button>
    </form>
  );
}
