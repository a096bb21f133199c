import type PDFDocument from 'pdfkit';

/**
 * pdfkit, loaded when the process first writes a PDF (an invoice, a dispute pack), not when it starts: the module costs
 * about a quarter of a second of CPU and 8 MB of heap (29 MB of RSS) to load, and most processes never write a PDF
 * (docs/decisions/0680-modules-loaded-on-first-use.md). Node caches the module after the first call.
 */
export async function loadPdfKit(): Promise<typeof PDFDocument> {
  return (await import('pdfkit')).default;
}
