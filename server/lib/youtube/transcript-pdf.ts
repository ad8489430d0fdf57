import { existsSync } from 'node:fs';
import type { Segment } from './captions.ts';
import { clockTime } from './transcript-format.ts';

// PDFKit's built-in Helvetica only covers Latin-1; a system TrueType font covers accents, Greek,
// Cyrillic and more. PDF_FONT_PATH can point at another font (e.g. a Noto font for Devanagari).
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
];

export function pickPdfFont(configured?: string): string | undefined {
  return [configured, ...FONT_CANDIDATES].find((path): path is string => Boolean(path && existsSync(path)));
}

export interface TranscriptPdfInput {
  title: string;
  channel: string;
  videoUrl: string;
  language: string;
  segments: Segment[];
  fontPath?: string;
}

export async function renderTranscriptPdf(input: TranscriptPdfInput): Promise<Buffer> {
  // pdfkit adds ~30 MB of resident memory when imported: loaded on the first PDF, not at boot.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: `Transcript: ${input.title}`, Author: input.channel },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    if (input.fontPath) doc.font(input.fontPath);
    doc.fontSize(16).text(input.title || 'YouTube transcript');
    doc
      .moveDown(0.3)
      .fontSize(10)
      .fillColor('#555555')
      .text(`${input.channel} · ${input.videoUrl} · language: ${input.language}`);
    doc.moveDown(1).fillColor('#000000').fontSize(11);
    for (const segment of input.segments) {
      doc
        .fillColor('#777777')
        .text(clockTime(segment.start), { continued: true })
        .fillColor('#000000')
        .text(`  ${segment.text}`);
    }
    doc.end();
  });
}
