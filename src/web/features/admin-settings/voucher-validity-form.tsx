import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { giftVoucherSettingsSchema, type GiftVoucherSettings } from '../../../shared/api/gift-vouchers';
import { GIFT_VOUCHER_MESSAGES } from '../../../shared/commerce/gift-vouchers';
import { errorMessage } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Spinner } from '../../components/spinner';
import { Button, ErrorState, Field, Input, Section } from '../../components/ui';
import { fetchGiftVoucherSettings, giftVoucherSettingsKey, saveGiftVoucherSettings } from './settings-api';

/** The months as typed, judged by the endpoint's own schema (the same message as the server's). */
const settingsForm = z
  .object({ validity_months: z.string() })
  .transform((v) => ({ validity_months: /^\d{1,4}$/.test(v.validity_months.trim()) ? Number(v.validity_months) : Number.NaN }))
  .pipe(giftVoucherSettingsSchema);
type Values = z.input<typeof settingsForm>;

function ValidityForm({ settings }: { settings: GiftVoucherSettings }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, GiftVoucherSettings>({
    resolver: zodResolver(settingsForm),
    defaultValues: { validity_months: String(settings.validity_months) },
  });
  const save = useAction({
    call: saveGiftVoucherSettings,
    success: GIFT_VOUCHER_MESSAGES.settingsSaved,
    failure: 'Failed to save the gift voucher settings',
    failureToast: 'server',
    invalidates: [giftVoucherSettingsKey],
  });
  return (
    <form onSubmit={(e) => void handleSubmit(save.run)(e)} noValidate aria-label="Gift voucher validity" className="flex flex-wrap items-end gap-3">
      <Field
        label="Valid for (months)"
        id={`${uid}-months`}
        error={errors.validity_months?.message}
        hint="From the day a voucher is issued or paid, to the end of the last day. Vouchers already issued keep their date."
      >
        <Input inputMode="numeric" className="w-32" {...register('validity_months')} />
      </Field>
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        Save
      </Button>
    </form>
  );
}

/** How long a new voucher pays: the install's setting. */
export function ValiditySetting() {
  const query = useQuery({ queryKey: giftVoucherSettingsKey, queryFn: fetchGiftVoucherSettings });
  return (
    <Section id="gift-voucher-validity" title="Gift voucher validity">
      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <ErrorState
          message={errorMessage(query.error, 'Failed to load the settings. Please try again.')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : null}
      {query.data ? <ValidityForm key={query.data.validity_months} settings={query.data} /> : null}
    </Section>
  );
}
