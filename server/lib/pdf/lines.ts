/** One line of a PDF: its text, size and colour; `gap` is space before it (in lines), `page` starts a new page. */
export interface PdfLine {
  text: string;
  size: number;
  colour: string;
  gap?: number;
  page?: boolean;
}

/** The reports' colours: headings, body text, secondary text. */
export const PDF_COLOURS = { ink: '#101828', body: '#344054', muted: '#475467' } as const;

/** Lines flowing down the page and onto the next ones. */
export function drawLines(doc: PDFKit.PDFDocument, lines: readonly PdfLine[]): void {
  // One font size per line: pdfkit spaces a `continued` line by its last segment, so a big score
  // followed by small words would overprint the line below.
  for (const line of lines) {
    if (line.page) doc.addPage();
    else if (line.gap) doc.moveDown(line.gap);
    doc.fontSize(line.size).fillColor(line.colour).text(line.text);
  }
}
