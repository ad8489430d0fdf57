import { z } from 'zod';
import { MAX_URL_LENGTH } from '#views/model/url-input.ts';

export const transcriptRequestSchema = z.object({
  videoUrl: z
    .string({ error: 'Please enter a YouTube video URL.' })
    .trim()
    .min(1, 'Please enter a YouTube video URL.')
    .max(MAX_URL_LENGTH, 'The video URL is too long.'),
  /** A caption track id (".en", "a.en") or a language code; omitted = English if present. */
  lang: z
    .string()
    .trim()
    .max(40, 'The language code is too long.')
    .regex(/^[\w.-]*$/, 'The language code is not valid.')
    .optional(),
});

export const transcriptDownloadSchema = transcriptRequestSchema.extend({
  format: z.enum(['txt', 'srt', 'pdf'], { error: 'Format must be txt, srt or pdf.' }),
});

export type TranscriptRequest = z.infer<typeof transcriptRequestSchema>;

export interface TranscriptResponse {
  transcript: string;
  segments: Array<{ start: number; duration: number; text: string }>;
  language: string;
  trackId: string;
  languages: Array<{ id: string; code: string; name: string; generated: boolean }>;
  title: string;
  channel: string;
  videoId: string;
}
