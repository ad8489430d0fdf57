import type { Segment } from './captions.ts';

/** Plain text: one caption per line, as shown in the page's transcript box. */
export function toPlainText(segments: Segment[]): string {
  return segments.map((segment) => segment.text).join('\n');
}

/** SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, blank line between cues, CRLF-free. */
export function toSrt(segments: Segment[]): string {
  return segments
    .map((segment, index) => {
      const next = segments[index + 1];
      // Auto-generated tracks overlap cues; end each cue no later than the next one starts.
      let end = segment.start + (segment.duration > 0 ? segment.duration : 2);
      if (next && next.start > segment.start && end > next.start) end = next.start;
      return `${index + 1}\n${srtTime(segment.start)} --> ${srtTime(end)}\n${segment.text}\n`;
    })
    .join('\n');
}

export function srtTime(seconds: number): string {
  const totalMs = Math.max(0, Math.round(seconds * 1000));
  const ms = totalMs % 1000;
  const totalSeconds = Math.floor(totalMs / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)},${pad(ms, 3)}`;
}

/** `mm:ss` (or `h:mm:ss`) stamps for the PDF margin. */
export function clockTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A file-system-safe base name such as `transcript-dQw4w9WgXcQ-en`. */
export function transcriptFileName(videoId: string, language: string, extension: 'txt' | 'srt' | 'pdf'): string {
  const safeLanguage = language.replace(/[^A-Za-z0-9-]/g, '') || 'und';
  return `transcript-${videoId}-${safeLanguage}.${extension}`;
}
