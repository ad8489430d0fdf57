import { renderPdf } from '#server/lib/pdf/index.ts';
import type { Segment } from './captions.ts';
import { clockTime } from './transcript-format.ts';

export interface TranscriptPdfInput {
  title: string;
  channel: string;
  videoUrl: string;
  language: string;
  segments: Segment[];
  /** pickPdfFont's choice: a TrueType font for what Latin-1 lacks. */
  fontPath?: string;
}

/** A transcript as a PDF in the site's page frame: the video's title and where it is from, then each caption with its time. */
export function renderTranscriptPdf(input: TranscriptPdfInput): Promise<Buffer> {
  const title = input.title || 'YouTube transcript';
  return renderPdf(
    {
      title: `Transcript: ${input.title}`,
      author: input.channel,
      fontPath: input.fontPath,
      header: `Transcript: ${title}`,
    },
    (doc) => {
      doc.fontSize(16).text(title);
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
    },
  );
}
