import type { OutgoingMail } from '../../../platform/mail';
import { formatPence } from '../../../../shared/money';
import { INVOICE_KIND_LABELS } from '../../../../shared/commerce/invoices';
import type { InvoiceDocument } from './invoice-pdf';

export const INVOICE_MAIL_KIND = 'invoice.issued';

/** The mail that carries an issued invoice or credit note as its PDF (decisions 0412, 0510), once per document. */
export function invoiceMail(doc: InvoiceDocument): Omit<OutgoingMail, 'bookingId' | 'attachments'> {
  const label = INVOICE_KIND_LABELS[doc.kind];
  const hello = doc.buyer.name ? `Hello ${doc.buyer.name},` : 'Hello,';
  const what =
    doc.kind === 'invoice'
      ? `Here is the invoice for your payment of ${formatPence(doc.gross, doc.currency)} for booking ${doc.bookingReference}.`
      : `Here is the credit note for the ${formatPence(-doc.gross, doc.currency)} given back on booking ${doc.bookingReference}${doc.creditsNumber ? `, against invoice ${doc.creditsNumber}` : ''}.`;
  return {
    to: doc.buyer.email,
    subject: `${label} ${doc.number}`,
    kind: INVOICE_MAIL_KIND,
    text: [hello, '', what, `It is attached as a PDF (${doc.number}.pdf); your booking page has it too.`].join('\n'),
  };
}
