import { loadPdfKit } from '../../../platform/pdfkit';

/** One section of the pack: a heading and its lines (each a plain sentence or "label: value"). */
export type PackSection = { heading: string; lines: readonly string[]; body?: string };
export type DisputePack = { title: string; generatedAt: Date; sections: readonly PackSection[] };

/**
 * The dispute pack as an A4 PDF (issue 41): pdfkit's built-in Helvetica, as invoices are written (no font file ships);
 * long texts (the terms) flow over pages. Its creation date is when it was made.
 */
export async function renderDisputePack(pack: DisputePack): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: pack.title, Author: 'hatch', CreationDate: pack.generatedAt } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.font('Helvetica-Bold').fontSize(18).text(pack.title);
  pdf.font('Helvetica').fontSize(9).text(`Made ${pack.generatedAt.toISOString()}`);
  for (const section of pack.sections) {
    pdf.moveDown(1).font('Helvetica-Bold').fontSize(12).text(section.heading);
    pdf.font('Helvetica').fontSize(10);
    for (const line of section.lines) pdf.text(line);
    if (section.body) pdf.moveDown(0.5).fontSize(9).text(section.body);
  }
  pdf.end();
  return done;
}
