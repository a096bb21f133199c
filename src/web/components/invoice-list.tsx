import type { InvoiceSummary } from '../../shared/api/invoices';
import { formatPence } from '../../shared/money';
import { downloadInvoicePdf } from '../lib/invoices-api';
import { useLocale, useT } from '../lib/i18n';
import { dayText } from '../lib/day-text';
import { useAction } from '../lib/use-action';
import { Button } from './ui';

/**
 * A booking's invoices and credit notes, each with its PDF (issue 32): the booker's page (with the management key)
 * and the booking's detail page for staff (their session) show the same list.
 */
export function InvoiceList({ invoices, manageKey }: { invoices: readonly InvoiceSummary[]; manageKey?: string }) {
  const t = useT('booker');
  const { locale, moneyLocale } = useLocale();
  const download = useAction({
    call: (invoice: InvoiceSummary) => downloadInvoicePdf(invoice.pdf_url, `${invoice.number}.pdf`, manageKey),
    failure: t('pdfDownloadFailed'),
  });
  if (invoices.length === 0) return <p className="text-sm text-slate-600">{t('noInvoices')}</p>;
  return (
    <ul className="divide-y divide-slate-200" data-testid="invoice-list">
      {invoices.map((invoice) => (
        <li key={invoice.number} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span>
            <span className="font-medium">{t(invoice.kind === 'invoice' ? 'invoiceNumber' : 'creditNoteNumber', { number: invoice.number })}</span>{' '}
            <span className="text-sm text-slate-600">
              {dayText(invoice.issued_at, locale, 'short')} · {formatPence(invoice.gross, invoice.currency, moneyLocale)}
            </span>
          </span>
          {/* The name read out carries the number ("Download PDF of HATCH-2026-0001") and starts with the visible
              "Download PDF" word for word (axe's label-content-name-mismatch), so no aria-label */}
          <Button variant="secondary" onClick={() => void download.run(invoice)} disabled={download.isPending}>
            {t('downloadPdf')}
            <span className="sr-only"> {t('ofNumber', { number: invoice.number })}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
