import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { buyGiftVoucherBody, type BuyGiftVoucherBody, type BuyGiftVoucherInput } from '../../../shared/api/gift-vouchers';
import { VOUCHER_AMOUNT } from '../../../shared/commerce/gift-vouchers';
import { formatPence, parseMinorUnits } from '../../../shared/money';
import { CURRENCIES, DEFAULT_CURRENCY } from '../../../shared/plans';
import { useAction } from '../../lib/use-action';
import { Button, Field, FieldError, Input, Section, Select, Textarea } from '../../components/ui';
import { buyGiftVoucher } from './gift-vouchers-api';
import { VoucherFrame } from './voucher-frame';
import { setServerFieldErrors } from '../../lib/form-errors';
import { useLocale, useMessageText, useT } from '../../lib/i18n';

/**
 * What the buyer types (the amount in whole units of the currency, as the staff forms take money), turned into the
 * endpoint's body and judged by its own shared schema: the same messages on the same fields as the server's 422.
 */
const buyForm = z
  .object({
    amount: z.string(),
    currency: z.enum(CURRENCIES),
    recipient_name: z.string(),
    message: z.string(),
    buyer_name: z.string(),
    buyer_email: z.string(),
  })
  .transform((v): BuyGiftVoucherInput => {
    // An amount that is no amount is 0: the body's own range check then says the one message, in the chosen currency.
    return { ...v, amount: parseMinorUnits(v.amount) ?? 0, message: v.message || null };
  })
  .pipe(buyGiftVoucherBody);

type Values = z.input<typeof buyForm>;
const FIELD_NAMES: readonly (keyof Values)[] = ['amount', 'currency', 'recipient_name', 'message', 'buyer_name', 'buyer_email'];
const EMPTY: Values = { amount: '', currency: DEFAULT_CURRENCY, recipient_name: '', message: '', buyer_name: '', buyer_email: '' };

/** "A gift voucher worth £50.00", as the buyer types: the amount in the chosen currency, through Intl. */
function AmountPreview({ amount, currency }: { amount: string; currency: string }) {
  const t = useT('public');
  const { moneyLocale } = useLocale();
  const money = (pence: number) => formatPence(pence, currency, moneyLocale);
  const pence = parseMinorUnits(amount);
  return (
    <p className="text-sm text-slate-700" aria-live="polite" data-testid="voucher-worth">
      {pence === null ? t('voucherRange', { min: money(VOUCHER_AMOUNT.min), max: money(VOUCHER_AMOUNT.max) }) : t('voucherWorth', { amount: money(pence) })}
    </p>
  );
}

/**
 * /gift-vouchers: a visitor buys a gift voucher (issue 32, decision 0406). They pay at the payment provider's page,
 * which sends them back to the voucher's printable page; the voucher is mailed to them too.
 */
export function BuyGiftVoucherPage() {
  const uid = useId();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, BuyGiftVoucherBody>({ resolver: zodResolver(buyForm), defaultValues: EMPTY });
  const [amount, currency] = useWatch({ control, name: ['amount', 'currency'] });
  const t = useT('public');
  const ruleText = useMessageText();
  const said = (message: string | undefined) => (message ? ruleText(message) : undefined);

  // The server's field messages land on their fields; its message (no card payments here…) is the toast and the line.
  const buy = useAction({
    call: buyGiftVoucher,
    failure: t('paymentStartFailed'),
    failureToast: 'server',
    onSuccess: (checkoutUrl) => window.location.assign(checkoutUrl),
    onError: (error) => setServerFieldErrors(error, FIELD_NAMES, setError),
  });
  const leaving = buy.isPending || buy.isSuccess;

  return (
    <VoucherFrame>
      <header className="px-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('giveTitle')}</h1>
        <p className="mt-1 text-slate-600">{t('giveIntro')}</p>
      </header>
      <Section look="page" id="buy-voucher" title={t('yourGiftVoucher')}>
        <form onSubmit={(e) => void handleSubmit(buy.run)(e)} noValidate aria-label={t('buyVoucher')} className="grid gap-4 sm:grid-cols-2">
          <Field label={t('amount')} id={`${uid}-amount`} error={said(errors.amount?.message)} hint={t('amountHint')}>
            <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
          </Field>
          <Field label={t('currency')} id={`${uid}-currency`} error={said(errors.currency?.message)}>
            <Select {...register('currency')}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          </Field>
          <div className="sm:col-span-2">
            <AmountPreview amount={amount} currency={currency} />
          </div>
          <Field label={t('recipientName')} id={`${uid}-recipient`} error={said(errors.recipient_name?.message)} className="sm:col-span-2">
            <Input autoComplete="off" {...register('recipient_name')} />
          </Field>
          <Field label={t('messageOptional')} id={`${uid}-message`} error={said(errors.message?.message)} hint={t('messageHint')} className="sm:col-span-2">
            <Textarea rows={3} maxLength={500} {...register('message')} />
          </Field>
          <Field label={t('yourName')} id={`${uid}-buyer`} error={said(errors.buyer_name?.message)}>
            <Input autoComplete="name" {...register('buyer_name')} />
          </Field>
          <Field label={t('yourEmail')} id={`${uid}-email`} error={said(errors.buyer_email?.message)} hint={t('yourEmailHint')}>
            <Input type="email" autoComplete="email" {...register('buyer_email')} />
          </Field>
          <div className="space-y-2 sm:col-span-2">
            <Button type="submit" variant="primary" size="lg" disabled={leaving} aria-busy={leaving}>
              {leaving ? t('openingPayment') : t('continueToPayment')}
            </Button>
            {/* A refusal of a field says itself there; any other (no card payments here…) says itself here. */}
            <FieldError message={Object.keys(errors).length > 0 ? null : buy.error} />
          </div>
        </form>
      </Section>
    </VoucherFrame>
  );
}
