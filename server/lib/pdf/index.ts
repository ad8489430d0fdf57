// PDFs in one home (docs/decisions/0053): the font, who a report is from, and the page frame every PDF shares.
export { pickPdfFont } from './fonts.ts';
export { brandContacts, brandHeading, reportBrand, type ReportBrand } from './brand.ts';
export { drawLines, PDF_COLOURS, type PdfLine } from './lines.ts';
export { PDF_MARGIN, renderPdf, type PdfFrame } from './document.ts';
