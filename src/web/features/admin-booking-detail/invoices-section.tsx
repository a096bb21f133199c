import { useQuery } from '@tanstack/react-query';
import type { AdminBooking } from '../../../shared/api/booking';
import { fetchStaffInvoices, invoiceKeys, retryInvoiceRender } from '../../lib/invoices-api';
import { useAction } from '../../lib/use-action';
import type { UnmailedDocument } from '../../../shared/api/invoices';
import { InvoiceList } from '../../components/invoice-list';
import { Button, Section } from '../../components/ui';
import { Link } from 'react-router';
import { INVOICE_MESSAGES, type InvoiceKind } from '../../../shared/commerce/invoices';
import { formatPence } from '../../../shared/money';
import { formatAdminTimestamp } from '../../../shared/time';
import { paths } from '../../lib/paths';
import { useLocale, useMessageText, useT, type KeyOf } from '../../lib/i18n';

/** A waiting document's line, by its kind (English: shared/commerce/invoices.ts INVOICE_KIND_LABELS). */
const WAITING_KEYS = { invoice: 'invoices.waitingInvoice', credit_note: 'invoices.waitingCreditNote' } as const satisfies Record<InvoiceKind, KeyOf<'admin'>>;
/** A document whose PDF failed, by its kind. */
const FAILED_KEYS = { invoice: 'invoices.failedInvoice', credit_note: 'invoices.failedCreditNote' } as const satisfies Record<InvoiceKind, KeyOf<'admin'>>;

/**
 * The booking's invoices and credit notes for staff to download (issue 32): one per ledger entry, so a new entry rereads
 * them. Documents waiting for the seller's details show with the message that says where to fill them in; documents
 * whose PDF failed to render show the renderer's error with a Retry (0510).
 */
export function InvoicesSection({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const message = useMessageText();
  const { moneyLocale } = useLocale();
  const invoices = useQuery({
    queryKey: [...invoiceKeys.staff(booking.id), booking.booking_payments.length],
    queryFn: () => fetchStaffInvoices(booking.id),
  });
  const waiting = invoices.data?.waiting ?? [];
  return (
    <Section title={t('invoices.title')} id="invoices">
      {invoices.data?.waiting_message ? (
        <div role="status" className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="invoices-waiting">
          <p>{message(invoices.data.waiting_message)}</p>
          <ul className="mt-1 list-disc pl-5">
            {waiting.map((w) => (
              <li key={w.recorded_at + String(w.gross)}>
                {t(WAITING_KEYS[w.kind], { amount: formatPence(w.gross, w.currency, moneyLocale), when: formatAdminTimestamp(w.recorded_at) })}
              </li>
            ))}
          </ul>
          <Link to={`${paths.admin.settings}#invoice-settings`} className="font-semibold underline">
            {t('invoices.fillSeller')}
          </Link>
        </div>
      ) : null}
      {invoices.data?.not_mailed_message ? (
        <NotMailed bookingId={booking.id} message={invoices.data.not_mailed_message} documents={invoices.data.not_mailed} />
      ) : null}
      {invoices.data ? (
        <InvoiceList invoices={invoices.data.invoices} />
      ) : (
        <p className="text-sm text-slate-500">{invoices.isError ? t('invoices.loadFailed') : t('invoices.loading')}</p>
      )}
    </Section>
  );
}

/** Issued documents whose PDF failed to render, so the booker has not had them by mail: why, and a Retry (0510). */
function NotMailed({ bookingId, message, documents }: { bookingId: number; message: string; documents: UnmailedDocument[] }) {
  const t = useT('admin');
  const messageText = useMessageText();
  const retry = useAction({
    call: (number: string) => retryInvoiceRender(bookingId, number),
    success: messageText(INVOICE_MESSAGES.retryQueued),
    failure: t('invoices.retryFailed'),
    failureToast: 'server',
    invalidates: [invoiceKeys.staff(bookingId)],
  });
  return (
    <div role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="invoices-not-mailed">
      <p>{messageText(message)}</p>
      <ul className="mt-1 space-y-1">
        {documents.map((d) => (
          <li key={d.number} className="flex flex-wrap items-center gap-2">
            <span>
              {t(FAILED_KEYS[d.kind], { number: d.number, error: d.error })}{' '}
              {d.next_attempt_at ? t('invoices.nextTry', { when: formatAdminTimestamp(d.next_attempt_at) }) : t('invoices.nextTrySoon')}
            </span>
            <Button variant="secondary" disabled={retry.isPending} onClick={() => void retry.run(d.number)}>
              {t('invoices.retry')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
