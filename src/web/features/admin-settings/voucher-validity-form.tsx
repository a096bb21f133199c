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
import { useMessageText, useT } from '../../lib/i18n';

/** The months as typed, judged by the endpoint's own schema (the same message as the server's). */
const settingsForm = z
  .object({ validity_months: z.string() })
  .transform((v) => ({ validity_months: /^\d{1,4}$/.test(v.validity_months.trim()) ? Number(v.validity_months) : Number.NaN }))
  .pipe(giftVoucherSettingsSchema);
type Values = z.input<typeof settingsForm>;

function ValidityForm({ settings }: { settings: GiftVoucherSettings }) {
  const t = useT('system');
  const message = useMessageText();
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
    success: message(GIFT_VOUCHER_MESSAGES.settingsSaved),
    failure: t('voucherValidity.saveFailed'),
    failureToast: 'server',
    invalidates: [giftVoucherSettingsKey],
  });
  return (
    <form onSubmit={(e) => void handleSubmit(save.run)(e)} noValidate aria-label={t('voucherValidity.title')} className="flex flex-wrap items-end gap-3">
      <Field
        label={t('voucherValidity.months')}
        id={`${uid}-months`}
        error={errors.validity_months?.message ? message(errors.validity_months.message) : undefined}
        hint={t('voucherValidity.hint')}
      >
        <Input inputMode="numeric" className="w-32" {...register('validity_months')} />
      </Field>
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        {t('voucherValidity.save')}
      </Button>
    </form>
  );
}

/** How long a new voucher pays: the install's setting. */
export function ValiditySetting() {
  const t = useT('system');
  const query = useQuery({ queryKey: giftVoucherSettingsKey, queryFn: fetchGiftVoucherSettings });
  return (
    <Section id="gift-voucher-validity" title={t('voucherValidity.title')}>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <ErrorState message={errorMessage(query.error, t('voucherValidity.loadFailed'))} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : null}
      {query.data ? <ValidityForm key={query.data.validity_months} settings={query.data} /> : null}
    </Section>
  );
}
