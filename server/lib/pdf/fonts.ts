import { existsSync } from 'node:fs';

// PDFKit's built-in Helvetica only covers Latin-1; a system TrueType font covers accents, Greek,
// Cyrillic and more. PDF_FONT_PATH can point at another font (e.g. a Noto font for Devanagari).
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
];

/** The font every PDF is drawn in: PDF_FONT_PATH when that file exists, else DejaVu or Liberation Sans when installed. */
export function pickPdfFont(configured?: string): string | undefined {
  return [configured, ...FONT_CANDIDATES].find((path): path is string => Boolean(path && existsSync(path)));
}
