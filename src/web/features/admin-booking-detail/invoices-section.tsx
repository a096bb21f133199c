import { useQuery } from '@tanstack/react-query';
import type { AdminBooking } from '../../../shared/api/booking';
import { fetchStaffInvoices, invoiceKeys, retryInvoiceRender } from '../../lib/invoices-api';
import { useAction } from '../../lib/use-action';
import type { UnmailedDocument } from '../../../shared/api/invoices';
import { InvoiceList } from '../../components/invoice-list';
import { Button, Section } from '../../components/ui';
import { Link } from 'react-router';
import { INVOICE_KIND_LABELS, INVOICE_MESSAGES } from '../../../shared/commerce/invoices';
import { formatPence } from '../../../shared/money';
import { formatAdminTimestamp } from '../../../shared/time';
import { paths } from '../../lib/paths';

/**
 * The booking's invoices and credit notes for staff to download (issue 32): one per ledger entry, so a new entry rereads
 * them. Documents waiting for the seller's details show with the message that says where to fill them in; documents
 * whose PDF failed to render show the renderer's error with a Retry (0510).
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
      {invoices.data?.not_mailed_message ? (
        <NotMailed bookingId={booking.id} message={invoices.data.not_mailed_message} documents={invoices.data.not_mailed} />
      ) : null}
      {invoices.data ? (
        <InvoiceList invoices={invoices.data.invoices} />
      ) : (
        <p className="text-sm text-slate-500">{invoices.isError ? 'The invoices could not be loaded.' : 'Loading the invoices…'}</p>
      )}
    </Section>
  );
}

/** Issued documents whose PDF failed to render, so the booker has not had them by mail: why, and a Retry (0510). */
function NotMailed({ bookingId, message, documents }: { bookingId: number; message: string; documents: UnmailedDocument[] }) {
  const retry = useAction({
    call: (number: string) => retryInvoiceRender(bookingId, number),
    success: INVOICE_MESSAGES.retryQueued,
    failure: 'The PDF could not be retried',
    failureToast: 'server',
    invalidates: [invoiceKeys.staff(bookingId)],
  });
  return (
    <div role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="invoices-not-mailed">
      <p>{message}</p>
      <ul className="mt-1 space-y-1">
        {documents.map((d) => (
          <li key={d.number} className="flex flex-wrap items-center gap-2">
            <span>
              {INVOICE_KIND_LABELS[d.kind]} {d.number}: {d.error}
              {d.next_attempt_at ? ` (next try ${formatAdminTimestamp(d.next_attempt_at)})` : ' (next try in a few seconds)'}
            </span>
            <Button variant="secondary" disabled={retry.isPending} onClick={() => void retry.run(d.number)}>
              Retry
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
