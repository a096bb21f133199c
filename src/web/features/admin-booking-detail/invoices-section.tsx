import { useQuery } from '@tanstack/react-query';
import type { AdminBooking } from '../../../shared/api/booking';
import { fetchStaffInvoices, invoiceKeys } from '../../lib/invoices-api';
import { InvoiceList } from '../../components/invoice-list';
import { Section } from '../../components/ui';

/** The booking's invoices and credit notes for staff to download (issue 32): one per ledger entry, so a new entry rereads them. */
export function InvoicesSection({ booking }: { booking: AdminBooking }) {
  const invoices = useQuery({
    queryKey: [...invoiceKeys.staff(booking.id), booking.booking_payments.length],
    queryFn: () => fetchStaffInvoices(booking.id),
  });
  return (
    <Section title="Invoices" id="invoices">
      {invoices.data ? (
        <InvoiceList invoices={invoices.data} />
      ) : (
        <p className="text-sm text-slate-500">{invoices.isError ? 'The invoices could not be loaded.' : 'Loading the invoices…'}</p>
      )}
    </Section>
  );
}
