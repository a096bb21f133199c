import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BookerBooking } from '../../../shared/api/booking';
import { invoiceBuyerSchema, type InvoiceBuyer } from '../../../shared/commerce/invoices';
import { fetchBookerInvoices, fetchInvoiceBuyer, invoiceKeys, saveInvoiceBuyer } from '../../lib/invoices-api';
import { useAction } from '../../lib/use-action';
import { InvoiceList } from '../../components/invoice-list';
import { Button, Field, Input, Textarea } from '../../components/ui';
import { useMessageText, useT } from '../../lib/i18n';
import { PageSection } from './booker-ui';

/**
 * The organiser's invoices and credit notes (issue 32, decision 0411), and the company and address they are made out
 * to: added or changed here, shown on every PDF downloaded after.
 */
export function InvoicesSection({ booking }: { booking: BookerBooking }) {
  const invoices = useQuery({ queryKey: invoiceKeys.booker(booking.code), queryFn: () => fetchBookerInvoices(booking) });
  const buyer = useQuery({ queryKey: invoiceKeys.buyer(booking.code), queryFn: () => fetchInvoiceBuyer(booking) });
  const t = useT('booker');
  return (
    <PageSection id="invoices" title={t('invoices')} description={t('invoicesHelp')}>
      <div className="space-y-5">
        {invoices.data ? (
          <InvoiceList invoices={invoices.data} manageKey={booking.manage_key} />
        ) : (
          <p className="text-sm text-slate-600">{invoices.isError ? t('invoicesFailed') : t('invoicesLoading')}</p>
        )}
        {buyer.data ? <BuyerForm key={JSON.stringify(buyer.data)} booking={booking} saved={buyer.data} /> : null}
      </div>
    </PageSection>
  );
}

function BuyerForm({ booking, saved }: { booking: BookerBooking; saved: InvoiceBuyer }) {
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<Partial<Record<keyof InvoiceBuyer, string>>>({});
  const t = useT('booker');
  const ruleText = useMessageText();
  const said = (message: string | undefined) => (message ? ruleText(message) : undefined);
  const save = useAction({
    call: (body: InvoiceBuyer) => saveInvoiceBuyer(booking, body),
    success: t('invoiceDetailsSaved'),
    failure: t('invoiceDetailsFailed'),
    failureToast: 'server',
    invalidates: [invoiceKeys.buyer(booking.code)],
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own schema, so a refusal is said here before sending.
    const parsed = invoiceBuyerSchema.safeParse(values);
    if (!parsed.success) {
      const flat = parsed.error.flatten().fieldErrors;
      setErrors({ company_name: flat.company_name?.[0], address: flat.address?.[0] });
      return;
    }
    setErrors({});
    void save.run(parsed.data);
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label={t('invoiceDetails')}>
      <h3 className="font-semibold">{t('invoiceMadeOutTo')}</h3>
      <Field label={t('companyName')} error={said(errors.company_name)}>
        <Input value={values.company_name} onChange={(e) => setValues({ ...values, company_name: e.target.value })} autoComplete="organization" />
      </Field>
      <Field label={t('billingAddress')} error={said(errors.address)}>
        <Textarea value={values.address} rows={3} onChange={(e) => setValues({ ...values, address: e.target.value })} autoComplete="street-address" />
      </Field>
      <Button type="submit" disabled={save.isPending}>
        {t('saveInvoiceDetails')}
      </Button>
    </form>
  );
}
