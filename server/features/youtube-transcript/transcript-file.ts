import type { Transcript } from '#server/lib/youtube/client.ts';
import { toPlainText, toSrt, transcriptFileName } from '#server/lib/youtube/transcript-format.ts';
import { pickPdfFont } from '#server/lib/pdf/index.ts';
import { renderTranscriptPdf } from '#server/lib/youtube/transcript-pdf.ts';

export interface TranscriptFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

/** The three downloads the transcript page offers, rendered on the server from the cached transcript. */
export async function renderTranscriptFile(
  transcript: Transcript,
  format: 'txt' | 'srt' | 'pdf',
  pdfFont?: string,
): Promise<TranscriptFile> {
  const filename = transcriptFileName(transcript.videoId, transcript.language, format);
  if (format === 'txt')
    return {
      body: Buffer.from(`${toPlainText(transcript.segments)}\n`, 'utf8'),
      contentType: 'text/plain; charset=utf-8',
      filename,
    };
  if (format === 'srt')
    return {
      body: Buffer.from(toSrt(transcript.segments), 'utf8'),
      contentType: 'application/x-subrip; charset=utf-8',
      filename,
    };
  const body = await renderTranscriptPdf({
    title: transcript.title,
    channel: transcript.channel,
    videoUrl: `https://www.youtube.com/watch?v=${transcript.videoId}`,
    language: transcript.language,
    segments: transcript.segments,
    fontPath: pickPdfFont(pdfFont),
  });
  return { body, contentType: 'application/pdf', filename };
}
