import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const standardFonts = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

/**
 * The text of a PDF as a real reader extracts it (Mozilla's pdf.js): each page's text items joined by spaces, pages
 * by newlines. Throws when the bytes are not a PDF pdf.js can open.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: standardFonts,
    isEvalSupported: false,
    verbosity: VerbosityLevel.ERRORS,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .filter((s) => s.trim() !== '')
        .join(' '),
    );
  }
  await doc.destroy();
  return { pages: doc.numPages, text: pages.join('\n') };
}
