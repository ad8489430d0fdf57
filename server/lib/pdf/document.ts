import { PDF_COLOURS } from './lines.ts';

/** What every PDF of the site shares: A4, its margins, the font, a header from the second page, numbered pages. */
export interface PdfFrame {
  /** The document's title (its properties). */
  title: string;
  author: string;
  /** A TrueType font (pickPdfFont); without one, pdfkit's Helvetica (Latin-1 only). */
  fontPath?: string;
  /** Printed small at the top of every page but the first, which carries its own heading. */
  header?: string;
}

/** Points around the text on every side: 2 cm, with room in the top and bottom ones for the header and the page number. */
export const PDF_MARGIN = 56;
const FRAME_SIZE = 8;

/** The header and "Page N of M" on each page, drawn once every page exists (so M is known). */
function drawFrame(doc: PDFKit.PDFDocument, frame: PdfFrame): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const width = doc.page.width - 2 * PDF_MARGIN;
    // Text in the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc.fontSize(FRAME_SIZE).fillColor(PDF_COLOURS.muted);
    if (frame.header && index > start)
      doc.text(frame.header, PDF_MARGIN, PDF_MARGIN / 2 - FRAME_SIZE / 2, { width, lineBreak: false, ellipsis: true });
    doc.text(`Page ${index - start + 1} of ${count}`, PDF_MARGIN, doc.page.height - PDF_MARGIN / 2 - FRAME_SIZE / 2, {
      width,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = PDF_MARGIN;
  }
}

/**
 * A PDF in the site's frame: `draw` writes the content (text flows onto new pages by itself), then every page
 * gets its header and number. pdfkit adds ~30 MB of resident memory when imported: it is loaded on the first
 * PDF, not at boot.
 */
export async function renderPdf(frame: PdfFrame, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: PDF_MARGIN,
      bufferPages: true,
      info: { Title: frame.title, Author: frame.author },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    if (frame.fontPath) doc.font(frame.fontPath);
    draw(doc);
    drawFrame(doc, frame);
    doc.end();
  });
}
