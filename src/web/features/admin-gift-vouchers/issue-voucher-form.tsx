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
    success: (created) => `Gift voucher ${codeText(created.code)} issued`,
    failure: 'Failed to issue the gift voucher',
    failureToast: 'server',
    invalidates: [giftVouchersKey],
    onSuccess: () => reset(EMPTY),
    onError: (error) => setServerFieldErrors(error, FIELD_NAMES, setError),
  });
  return (
    <Section id="issue-gift-voucher" title="Issue a gift voucher" description="Active at once. With an email, the voucher is mailed there.">
      <form onSubmit={(e) => void handleSubmit(issue.run)(e)} noValidate aria-label="Issue a gift voucher" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Amount" id={`${uid}-amount`} error={errors.amount?.message} hint="In whole units of the currency, e.g. 50 or 12.50.">
          <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
        </Field>
        <Field label="Currency" id={`${uid}-currency`} error={errors.currency?.message}>
          <Select {...register('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Recipient's name" id={`${uid}-recipient`} error={errors.recipient_name?.message}>
          <Input autoComplete="off" {...register('recipient_name')} />
        </Field>
        <Field label="Email (optional)" id={`${uid}-email`} error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </Field>
        <Field label="Message (optional)" id={`${uid}-message`} error={errors.message?.message} className="sm:col-span-2">
          <Textarea rows={2} maxLength={500} {...register('message')} />
        </Field>
        <div className="flex items-end sm:col-span-2 lg:col-span-3">
          <Button type="submit" variant="primary" disabled={issue.isPending}>
            Issue gift voucher
          </Button>
        </div>
      </form>
    </Section>
  );
}
