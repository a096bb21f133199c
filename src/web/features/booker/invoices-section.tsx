import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BookerBooking } from '../../../shared/api/booking';
import { invoiceBuyerSchema, type InvoiceBuyer } from '../../../shared/commerce/invoices';
import { fetchBookerInvoices, fetchInvoiceBuyer, invoiceKeys, saveInvoiceBuyer } from '../../lib/invoices-api';
import { useAction } from '../../lib/use-action';
import { InvoiceList } from '../../components/invoice-list';
import { Button, Field, Input, Section, Textarea } from '../../components/ui';

/**
 * The organiser's invoices and credit notes (issue 32, decision 0411), and the company and address they are made out
 * to: added or changed here, shown on every PDF downloaded after.
 */
export function InvoicesSection({ booking }: { booking: BookerBooking }) {
  const invoices = useQuery({ queryKey: invoiceKeys.booker(booking.code), queryFn: () => fetchBookerInvoices(booking) });
  const buyer = useQuery({ queryKey: invoiceKeys.buyer(booking.code), queryFn: () => fetchInvoiceBuyer(booking) });
  return (
    <Section look="page" id="invoices" title="Invoices" description="An invoice for each payment, a credit note for each refund.">
      <div className="space-y-5">
        {invoices.data ? (
          <InvoiceList invoices={invoices.data} manageKey={booking.manage_key} />
        ) : (
          <p className="text-sm text-slate-600">{invoices.isError ? 'The invoices could not be loaded.' : 'Loading the invoices…'}</p>
        )}
        {buyer.data ? <BuyerForm key={JSON.stringify(buyer.data)} booking={booking} saved={buyer.data} /> : null}
      </div>
    </Section>
  );
}

function BuyerForm({ booking, saved }: { booking: BookerBooking; saved: InvoiceBuyer }) {
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<Partial<Record<keyof InvoiceBuyer, string>>>({});
  const save = useAction({
    call: (body: InvoiceBuyer) => saveInvoiceBuyer(booking, body),
    success: 'Invoice details saved',
    failure: 'The invoice details could not be saved. Please try again.',
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
    <form onSubmit={submit} className="space-y-3" aria-label="Invoice details">
      <h3 className="font-semibold">Invoice made out to</h3>
      <Field label="Company name" error={errors.company_name}>
        <Input value={values.company_name} onChange={(e) => setValues({ ...values, company_name: e.target.value })} autoComplete="organization" />
      </Field>
      <Field label="Billing address" error={errors.address}>
        <Textarea value={values.address} rows={3} onChange={(e) => setValues({ ...values, address: e.target.value })} autoComplete="street-address" />
      </Field>
      <Button type="submit" disabled={save.isPending}>
        Save invoice details
      </Button>
    </form>
  );
}
