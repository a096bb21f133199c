import { formatPence } from '../../../../shared/money';
import { INVOICE_KIND_LABELS, vatRatePercent, type InvoiceKind, type InvoiceLine } from '../../../../shared/commerce/invoices';
import type { InvoiceSeller } from '../tables/invoices';
import { mailText } from '../../../platform/i18n';
import { DEFAULT_LANGUAGE, type Language } from '../../../../shared/i18n/languages';
import { loadPdfKit } from '../../../platform/pdfkit';

/** Everything an invoice or credit note shows: the document as issued, and the buyer as the booking has them now. */
export type InvoiceDocument = {
  kind: InvoiceKind;
  number: string;
  issuedAt: Date;
  currency: string;
  lines: readonly InvoiceLine[];
  net: number;
  vat: number;
  gross: number;
  vatRateBp: number;
  seller: InvoiceSeller;
  buyer: { companyName: string; address: string; name: string | null; email: string };
  bookingReference: string;
  /** A credit note's invoice. */
  creditsNumber: string | null;
  /** The booker's language: the document's headings and amounts (decision 0591); absent: English. */
  language?: Language;
};

export const pdfFilename = (number: string) => `${number}.pdf`;

const PAGE = { left: 50, right: 545 };
const COLUMNS = { description: 50, quantity: 330, unit: 380, amount: 465 };

/**
 * Writes the document as a one-page A4 PDF with pdfkit's built-in Helvetica (its WinAnsi encoding has £ and €), so
 * no font file ships. Its creation date is the issue date, so the same document renders to the same text.
 */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const words = mailText(doc.language ?? DEFAULT_LANGUAGE);
  const english = words.language === DEFAULT_LANGUAGE;
  const title = `${english ? INVOICE_KIND_LABELS[doc.kind] : words.t(doc.kind)} ${doc.number}`;
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: doc.seller.name || 'hatch', CreationDate: doc.issuedAt } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const money = (pence: number) => formatPence(pence, doc.currency, english ? undefined : words.locale);

  pdf.font('Helvetica-Bold').fontSize(20).text(title, PAGE.left, 50);
  pdf.font('Helvetica').fontSize(10).moveDown(0.5);
  pdf.text(
    words.t('dateOfIssue', {
      date: english
        ? doc.issuedAt.toISOString().slice(0, 10)
        : new Intl.DateTimeFormat(words.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(doc.issuedAt),
    }),
  );
  pdf.text(words.t('bookingRef', { reference: doc.bookingReference }));
  if (doc.creditsNumber) pdf.text(words.t('creditFor', { number: doc.creditsNumber }));

  const top = pdf.y + 20;
  pdf.font('Helvetica-Bold').text(words.t('from'), PAGE.left, top);
  pdf
    .font('Helvetica')
    .text(
      [doc.seller.name, doc.seller.address, doc.seller.vat_number ? words.t('vatNumber', { number: doc.seller.vat_number }) : ''].filter(Boolean).join('\n'),
      {
        width: 230,
      },
    );
  const fromBottom = pdf.y;
  pdf.font('Helvetica-Bold').text(words.t('billTo'), 315, top);
  const buyer = [doc.buyer.companyName, doc.buyer.name ?? '', doc.buyer.address, doc.buyer.email].filter((s) => s.trim() !== '');
  pdf.font('Helvetica').text(buyer.join('\n'), 315, pdf.y, { width: 230 });
  let y = Math.max(fromBottom, pdf.y) + 30;

  pdf.font('Helvetica-Bold');
  pdf.text(words.t('description'), COLUMNS.description, y);
  pdf.text(words.t('qty'), COLUMNS.quantity, y, { width: 40, align: 'right' });
  pdf.text(words.t('unit'), COLUMNS.unit, y, { width: 75, align: 'right' });
  pdf.text(words.t('amount'), COLUMNS.amount, y, { width: 80, align: 'right' });
  y += 18;
  pdf
    .moveTo(PAGE.left, y - 4)
    .lineTo(PAGE.right, y - 4)
    .stroke();
  pdf.font('Helvetica');
  for (const line of doc.lines) {
    pdf.text(line.description, COLUMNS.description, y, { width: 270 });
    const next = pdf.y;
    pdf.text(String(line.quantity), COLUMNS.quantity, y, { width: 40, align: 'right' });
    pdf.text(money(line.unit_amount), COLUMNS.unit, y, { width: 75, align: 'right' });
    pdf.text(money(line.amount), COLUMNS.amount, y, { width: 80, align: 'right' });
    y = Math.max(next, pdf.y) + 6;
  }
  pdf.moveTo(PAGE.left, y).lineTo(PAGE.right, y).stroke();
  y += 10;
  const total = (label: string, value: string, bold = false) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    pdf.text(label, 315, y, { width: 140 });
    pdf.text(value, COLUMNS.amount, y, { width: 80, align: 'right' });
    y += 16;
  };
  total(words.t('net'), money(doc.net));
  total(words.t('vat', { rate: vatRatePercent(doc.vatRateBp) }), money(doc.vat));
  total(words.t('total'), money(doc.gross), true);
  pdf
    .font('Helvetica')
    .fontSize(8)
    .text(words.t('pricesIncludeVat'), PAGE.left, y + 20);
  pdf.end();
  return done;
}
