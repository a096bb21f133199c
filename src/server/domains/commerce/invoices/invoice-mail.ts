import type { OutgoingMail } from '../../../platform/mail';
import { mailText } from '../../../platform/i18n';
import { formatPence } from '../../../../shared/money';
import { INVOICE_KIND_LABELS } from '../../../../shared/commerce/invoices';
import { DEFAULT_LANGUAGE } from '../../../../shared/i18n/languages';
import type { InvoiceDocument } from './invoice-pdf';

export const INVOICE_MAIL_KIND = 'invoice.issued';

/**
 * The mail that carries an issued invoice or credit note as its PDF (decisions 0412, 0510), once per document, in the
 * booker's language like the PDF it carries (decision 0591); English keeps its words as they were.
 */
export function invoiceMail(doc: InvoiceDocument): Omit<OutgoingMail, 'bookingId' | 'attachments'> {
  const words = mailText(doc.language ?? DEFAULT_LANGUAGE);
  const english = words.language === DEFAULT_LANGUAGE;
  const label = english ? INVOICE_KIND_LABELS[doc.kind] : words.t(doc.kind);
  const money = (pence: number) => formatPence(pence, doc.currency, english ? undefined : words.locale);
  const hello = doc.buyer.name ? words.t('invoiceMailHello', { name: doc.buyer.name }) : words.t('invoiceMailHelloNoName');
  const reference = doc.bookingReference;
  const what =
    doc.kind === 'invoice'
      ? words.t('invoiceMailInvoice', { amount: money(doc.gross), reference })
      : doc.creditsNumber
        ? words.t('invoiceMailCreditAgainst', { amount: money(-doc.gross), reference, number: doc.creditsNumber })
        : words.t('invoiceMailCredit', { amount: money(-doc.gross), reference });
  return {
    to: doc.buyer.email,
    subject: `${label} ${doc.number}`,
    kind: INVOICE_MAIL_KIND,
    text: [hello, '', what, words.t('invoiceMailAttached', { file: `${doc.number}.pdf` })].join('\n'),
  };
}
