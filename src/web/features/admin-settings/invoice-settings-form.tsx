import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { invoiceEndpoints as ep } from '../../../shared/api/endpoints/invoices';
import { invoiceSettingsSchema, type InvoiceSettings } from '../../../shared/commerce/invoices';
import { api } from '../../lib/api-client';
import { fetchInvoiceSettings, invoiceKeys } from '../../lib/invoices-api';
import { notifyError } from '../../lib/toast';
import { useAction } from '../../lib/use-action';
import { Button, Field, Input, Section, Textarea } from '../../components/ui';

/**
 * The seller's details and the install's VAT rate every new invoice is issued with (issue 32, decision 0410). Prices
 * are VAT-inclusive; a rate of 0 issues invoices without VAT. Documents already issued keep what they were issued with.
 * Name and address are required: until they are saved, payments' invoices wait, and saving issues them (0510).
 */
export function InvoiceSettingsForm() {
  const settings = useQuery({ queryKey: invoiceKeys.settings, queryFn: fetchInvoiceSettings, retry: false });
  const data = settings.data;
  return (
    <Section title="Invoices" id="invoice-settings" description="Who invoices are from and the VAT rate included in every price. Issued invoices keep theirs.">
      {data && !data.ready ? (
        <p role="status" className="mb-3 text-sm font-medium text-amber-800" data-testid="invoice-settings-needed">
          The seller's name and address are needed before any invoice is issued.
          {data.waiting > 0 ? ` ${data.waiting} ${data.waiting === 1 ? 'invoice waits' : 'invoices wait'}: saving issues them in order.` : ''}
        </p>
      ) : null}
      {data ? <Form key={JSON.stringify(data.settings)} saved={data.settings} /> : <p className="text-sm text-slate-500">Loading…</p>}
    </Section>
  );
}

function Form({ saved }: { saved: InvoiceSettings }) {
  const [values, setValues] = useState({ ...saved, vat_rate: String(saved.vat_rate) });
  const save = useAction({
    call: (body: InvoiceSettings) => api(ep.saveSettings, { body }),
    success: 'Invoice settings saved',
    failure: 'Failed to save the invoice settings',
    failureToast: 'server',
    // Saving issues the waiting documents, so every booking's list of them is stale too.
    invalidates: [invoiceKeys.settings, ['invoices']],
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const rate = values.vat_rate.trim() === '' ? Number.NaN : Number(values.vat_rate);
    const parsed = invoiceSettingsSchema.safeParse({ ...values, vat_rate: rate });
    if (!parsed.success) return notifyError(parsed.error.issues[0]?.message ?? 'Please check the invoice settings');
    void save.run(parsed.data);
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label="Invoice settings">
      <Field label="Seller's name">
        <Input value={values.seller_name} onChange={(e) => setValues({ ...values, seller_name: e.target.value })} />
      </Field>
      <Field label="VAT number">
        <Input value={values.vat_number} onChange={(e) => setValues({ ...values, vat_number: e.target.value })} />
      </Field>
      <Field label="Seller's address" className="sm:col-span-2">
        <Textarea rows={3} value={values.seller_address} onChange={(e) => setValues({ ...values, seller_address: e.target.value })} />
      </Field>
      <Field label="VAT rate (%)" hint="Included in every price; 0 for none.">
        <Input inputMode="decimal" value={values.vat_rate} onChange={(e) => setValues({ ...values, vat_rate: e.target.value })} />
      </Field>
      <div className="flex items-end">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          Save invoice settings
        </Button>
      </div>
    </form>
  );
}
