import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { createAdminGiftVoucherBody, type CreateAdminGiftVoucherBody, type CreateAdminGiftVoucherInput } from '../../../shared/api/gift-vouchers';
import { parseMinorUnits } from '../../../shared/money';
import { CURRENCIES, DEFAULT_CURRENCY } from '../../../shared/plans';
import { useAction } from '../../lib/use-action';
import { Button, Field, Input, Section, Select, Textarea } from '../../components/ui';
import { codeText } from './voucher-format';
import { createGiftVoucher, giftVouchersKey } from './gift-vouchers-api';
import { setServerFieldErrors } from '../../lib/form-errors';
import { useMessageText, useT } from '../../lib/i18n';

/** What staff type (an amount in whole units, as the promo code form takes money), judged by the endpoint's own schema. */
const issueForm = z
  .object({ amount: z.string(), currency: z.enum(CURRENCIES), recipient_name: z.string(), message: z.string(), email: z.string() })
  .transform((v): CreateAdminGiftVoucherInput => {
    // An amount that is no amount is 0: the body's own range check then says the one message, in the chosen currency.
    return { ...v, amount: parseMinorUnits(v.amount) ?? 0, message: v.message || null, email: v.email.trim() || null };
  })
  .pipe(createAdminGiftVoucherBody);

type Values = z.input<typeof issueForm>;
const FIELD_NAMES: readonly (keyof Values)[] = ['amount', 'currency', 'recipient_name', 'message', 'email'];
const EMPTY: Values = { amount: '', currency: DEFAULT_CURRENCY, recipient_name: '', message: '', email: '' };

/** Staff issue a voucher now (a goodwill gesture, a prize): active at once, mailed to the email when one is given. */
export function IssueVoucherForm() {
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
  } = useForm<Values, unknown, CreateAdminGiftVoucherBody>({ resolver: zodResolver(issueForm), defaultValues: EMPTY });
  const issue = useAction({
    call: createGiftVoucher,
    success: (created) => t('issueVoucher.issued', { code: codeText(created.code) }),
    failure: t('issueVoucher.failed'),
    failureToast: 'server',
    invalidates: [giftVouchersKey],
    onSuccess: () => reset(EMPTY),
    onError: (error) => setServerFieldErrors(error, FIELD_NAMES, setError),
  });
  return (
    <Section id="issue-gift-voucher" title={t('issueVoucher.title')} description={t('issueVoucher.help')}>
      <form
        onSubmit={(e) => void handleSubmit(issue.run)(e)}
        noValidate
        aria-label={t('issueVoucher.title')}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        <Field label={t('issueVoucher.amount')} id={`${uid}-amount`} error={said(errors.amount?.message)} hint={t('issueVoucher.amountHint')}>
          <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
        </Field>
        <Field label={t('issueVoucher.currency')} id={`${uid}-currency`} error={said(errors.currency?.message)}>
          <Select {...register('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('issueVoucher.recipient')} id={`${uid}-recipient`} error={said(errors.recipient_name?.message)}>
          <Input autoComplete="off" {...register('recipient_name')} />
        </Field>
        <Field label={t('issueVoucher.email')} id={`${uid}-email`} error={said(errors.email?.message)}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </Field>
        <Field label={t('issueVoucher.message')} id={`${uid}-message`} error={said(errors.message?.message)} className="sm:col-span-2">
          <Textarea rows={2} maxLength={500} {...register('message')} />
        </Field>
        <div className="flex items-end sm:col-span-2 lg:col-span-3">
          <Button type="submit" variant="primary" disabled={issue.isPending}>
            {t('issueVoucher.submit')}
          </Button>
        </div>
      </form>
    </Section>
  );
}
