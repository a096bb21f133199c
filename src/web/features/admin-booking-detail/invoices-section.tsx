import { useQuery } from '@tanstack/react-query';
import type { AdminBooking } from '../../../shared/api/booking';
import { fetchStaffInvoices, invoiceKeys } from '../../lib/invoices-api';
import { InvoiceList } from '../../components/invoice-list';
import { Section } from '../../components/ui';
import { Link } from 'react-router';
import { INVOICE_KIND_LABELS } from '../../../shared/commerce/invoices';
import { formatPence } from '../../../shared/money';
import { formatAdminTimestamp } from '../../../shared/time';
import { paths } from '../../lib/paths';

/**
 * The booking's invoices and credit notes for staff to download (issue 32): one per ledger entry, so a new entry rereads
 * them. Documents waiting for the seller's details show with the message that says where to fill them in (0510).
 */
export function InvoicesSection({ booking }: { booking: AdminBooking }) {
  const invoices = useQuery({
    queryKey: [...invoiceKeys.staff(booking.id), booking.booking_payments.length],
    queryFn: () => fetchStaffInvoices(booking.id),
  });
  const waiting = invoices.data?.waiting ?? [];
  return (
    <Section title="Invoices" id="invoices">
      {invoices.data?.waiting_message ? (
        <div role="status" className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="invoices-waiting">
          <p>{invoices.data.waiting_message}</p>
          <ul className="mt-1 list-disc pl-5">
            {waiting.map((w) => (
              <li key={w.recorded_at + String(w.gross)}>
                {INVOICE_KIND_LABELS[w.kind]} of {formatPence(w.gross, w.currency)}, waiting since {formatAdminTimestamp(w.recorded_at)}
              </li>
            ))}
          </ul>
          <Link to={`${paths.admin.settings}#invoice-settings`} className="font-semibold underline">
            Fill in the seller's details
          </Link>
        </div>
      ) : null}
      {invoices.data ? (
        <InvoiceList invoices={invoices.data.invoices} />
      ) : (
        <p className="text-sm text-slate-500">{invoices.isError ? 'The invoices could not be loaded.' : 'Loading the invoices…'}</p>
      )}
    </Section>
  );
}
