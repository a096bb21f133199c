import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { createPromoCodeBody, type CreatePromoCodeBody, type CreatePromoCodeInput } from '../../../shared/api/promo-codes';
import { AMOUNT_MESSAGE, parseMinorUnits } from '../../../shared/money';
import { CURRENCIES, DEFAULT_CURRENCY, PLANS, PLAN_TYPES } from '../../../shared/plans';
import { useAction } from '../../lib/use-action';
import { Button, Field, FieldError, Input, Section, Select } from '../../components/ui';
import { createPromoCode, promoCodesKey } from './promo-codes-api';
import { setServerFieldErrors } from '../../lib/form-errors';
import { useMessageText, useT } from '../../lib/i18n';

const isWhole = (text: string) => text === '' || /^\d{1,9}$/.test(text);
const wholeOrEmpty = (message: string) => z.string().trim().refine(isWhole, message);
const numberOrNull = (text: string) => (text === '' ? null : Number(text));

/**
 * What staff type (texts, an amount in pounds rather than pence), turned into the endpoint's body and judged by its own
 * shared schema, so the form refuses what the server would, with the same messages on the same field names.
 */
const promoCodeForm = z
  .object({
    code: z.string(),
    percent_off: wholeOrEmpty('Please give 1 to 100 percent.'),
    amount_off: z
      .string()
      .trim()
      .refine((text) => text === '' || parseMinorUnits(text) !== null, AMOUNT_MESSAGE),
    currency: z.enum(CURRENCIES),
    valid_from: z.string(),
    valid_until: z.string(),
    max_uses: wholeOrEmpty('Please give at least 1 use.'),
    plans: z.array(z.enum(PLAN_TYPES)),
    min_players: wholeOrEmpty('Please give at least 1 player.'),
  })
  .transform((v): CreatePromoCodeInput => {
    const amount = v.amount_off === '' ? null : parseMinorUnits(v.amount_off);
    return {
      code: v.code,
      percent_off: numberOrNull(v.percent_off),
      amount_off: amount,
      // A currency belongs to an amount off; a percentage applies in any.
      currency: amount === null ? null : v.currency,
      valid_from: v.valid_from || null,
      valid_until: v.valid_until || null,
      max_uses: numberOrNull(v.max_uses),
      plans: v.plans.length > 0 ? v.plans : null,
      min_players: numberOrNull(v.min_players),
    };
  })
  .pipe(createPromoCodeBody);

type Values = z.input<typeof promoCodeForm>;
const FIELD_NAMES: readonly (keyof Values)[] = [
  'code',
  'percent_off',
  'amount_off',
  'currency',
  'valid_from',
  'valid_until',
  'max_uses',
  'plans',
  'min_players',
];

const EMPTY: Values = {
  code: '',
  percent_off: '',
  amount_off: '',
  currency: DEFAULT_CURRENCY,
  valid_from: '',
  valid_until: '',
  max_uses: '',
  plans: [],
  min_players: '',
};

/** New promo code (issue 32, decision 0400): a percentage or an amount off, optional dates, uses, plans and players. */
export function PromoCodeForm() {
  const t = useT('money');
  // The shared schema judges here in English (the server's refusals come in the reader's language): said in theirs.
  const ruleText = useMessageText();
  const said = (text: string | undefined) => (text ? ruleText(text) : undefined);
  const uid = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, CreatePromoCodeBody>({ resolver: zodResolver(promoCodeForm), defaultValues: EMPTY });

  // The server's field messages (a code already taken…) land on their fields; its message is the toast.
  const save = useAction({
    call: createPromoCode,
    success: (created) => t('promoForm.created', { code: created.code }),
    failure: t('promoForm.failed'),
    failureToast: 'server',
    invalidates: [promoCodesKey],
    onSuccess: () => reset(EMPTY),
    onError: (error) => setServerFieldErrors(error, FIELD_NAMES, setError),
  });

  return (
    <Section id="new-promo-code" title={t('promoForm.title')} description={t('promoForm.help')}>
      <form onSubmit={(e) => void handleSubmit(save.run)(e)} noValidate aria-label={t('promoForm.title')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={t('promoForm.code')} id={`${uid}-code`} error={said(errors.code?.message)} hint={t('promoForm.codeHint')}>
          <Input autoComplete="off" {...register('code')} />
        </Field>
        <Field label={t('promoForm.percentOff')} id={`${uid}-percent`} error={said(errors.percent_off?.message)}>
          <Input inputMode="numeric" {...register('percent_off')} />
        </Field>
        <Field label={t('promoForm.amountOff')} id={`${uid}-amount`} error={said(errors.amount_off?.message)} hint={t('promoForm.amountHint')}>
          <Input inputMode="decimal" {...register('amount_off')} />
        </Field>
        <Field label={t('promoForm.currency')} id={`${uid}-currency`} error={said(errors.currency?.message)} hint={t('promoForm.currencyHint')}>
          <Select {...register('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('promoForm.validFrom')} id={`${uid}-from`} error={said(errors.valid_from?.message)} hint={t('promoForm.validFromHint')}>
          <Input type="date" {...register('valid_from')} />
        </Field>
        <Field label={t('promoForm.validUntil')} id={`${uid}-until`} error={said(errors.valid_until?.message)} hint={t('promoForm.validUntilHint')}>
          <Input type="date" {...register('valid_until')} />
        </Field>
        <Field label={t('promoForm.maxUses')} id={`${uid}-max-uses`} error={said(errors.max_uses?.message)}>
          <Input inputMode="numeric" {...register('max_uses')} />
        </Field>
        <Field label={t('promoForm.minPlayers')} id={`${uid}-min-players`} error={said(errors.min_players?.message)}>
          <Input inputMode="numeric" {...register('min_players')} />
        </Field>
        <fieldset aria-describedby={errors.plans?.message ? `${uid}-plans-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">{t('promoForm.plans')}</legend>
          <div className="flex flex-wrap gap-4">
            {PLANS.map((plan) => (
              <label key={plan.type} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="h-4 w-4" value={plan.type} {...register('plans')} /> {plan.name}
              </label>
            ))}
          </div>
          <FieldError id={`${uid}-plans-error`} message={said(errors.plans?.message)} />
        </fieldset>
        <div className="flex items-end sm:col-span-2 lg:col-span-3">
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {t('promoForm.submit')}
          </Button>
        </div>
      </form>
    </Section>
  );
}
