import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { invoiceEndpoints as ep } from '../../../shared/api/endpoints/invoices';
import { invoiceSettingsSchema, type InvoiceSettings } from '../../../shared/commerce/invoices';
import { api } from '../../lib/api-client';
import { fetchInvoiceSettings, invoiceKeys } from '../../lib/invoices-api';
import { notifyError } from '../../lib/toast';
import { useAction } from '../../lib/use-action';
import { Button, Field, Input, Section, Textarea } from '../../components/ui';
import { useMessageText, useT } from '../../lib/i18n';

/**
 * The seller's details and the install's VAT rate every new invoice is issued with (issue 32, decision 0410). Prices
 * are VAT-inclusive; a rate of 0 issues invoices without VAT. Documents already issued keep what they were issued with.
 * Name and address are required: until they are saved, payments' invoices wait, and saving issues them (0510).
 */
export function InvoiceSettingsForm() {
  const t = useT('system');
  const settings = useQuery({ queryKey: invoiceKeys.settings, queryFn: fetchInvoiceSettings, retry: false });
  const data = settings.data;
  return (
    <Section title={t('invoices.title')} id="invoice-settings" description={t('invoices.description')}>
      {data && !data.ready ? (
        <p role="status" className="mb-3 text-sm font-medium text-amber-800" data-testid="invoice-settings-needed">
          {t('invoices.sellerNeeded')}
          {data.waiting > 0 ? ` ${t('invoices.waiting', { count: data.waiting })}` : ''}
        </p>
      ) : null}
      {data ? <Form key={JSON.stringify(data.settings)} saved={data.settings} /> : <p className="text-sm text-slate-500">{t('invoices.loading')}</p>}
    </Section>
  );
}

function Form({ saved }: { saved: InvoiceSettings }) {
  const t = useT('system');
  const message = useMessageText();
  const [values, setValues] = useState({ ...saved, vat_rate: String(saved.vat_rate) });
  const save = useAction({
    call: (body: InvoiceSettings) => api(ep.saveSettings, { body }),
    success: t('invoices.saved'),
    failure: t('invoices.saveFailed'),
    failureToast: 'server',
    // Saving issues the waiting documents, so every booking's list of them is stale too.
    invalidates: [invoiceKeys.settings, ['invoices']],
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const rate = values.vat_rate.trim() === '' ? Number.NaN : Number(values.vat_rate);
    const parsed = invoiceSettingsSchema.safeParse({ ...values, vat_rate: rate });
    if (!parsed.success) return notifyError(message(parsed.error.issues[0]?.message ?? t('invoices.check')));
    void save.run(parsed.data);
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label={t('invoices.formLabel')}>
      <Field label={t('invoices.sellerName')}>
        <Input value={values.seller_name} onChange={(e) => setValues({ ...values, seller_name: e.target.value })} />
      </Field>
      <Field label={t('invoices.vatNumber')}>
        <Input value={values.vat_number} onChange={(e) => setValues({ ...values, vat_number: e.target.value })} />
      </Field>
      <Field label={t('invoices.sellerAddress')} className="sm:col-span-2">
        <Textarea rows={3} value={values.seller_address} onChange={(e) => setValues({ ...values, seller_address: e.target.value })} />
      </Field>
      <Field label={t('invoices.vatRate')} hint={t('invoices.vatRateHint')}>
        <Input inputMode="decimal" value={values.vat_rate} onChange={(e) => setValues({ ...values, vat_rate: e.target.value })} />
      </Field>
      <div className="flex items-end">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {t('invoices.save')}
        </Button>
      </div>
    </form>
  );
}
