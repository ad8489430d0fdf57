import { z } from 'zod';
import { MAX_URL_LENGTH } from '#views/model/url-input.ts';

export const tagsRequestSchema = z.object({
  videoUrl: z
    .string({ error: 'Please enter a YouTube video URL.' })
    .trim()
    .min(1, 'Please enter a YouTube video URL.')
    .max(MAX_URL_LENGTH, 'The video URL is too long.'),
});

export interface TagGeneratorResponse {
  tags: string[];
  videoTags: string[];
  suggestions: string[];
  title: string;
  /** The tags' length as YouTube counts it (commas, quotes around tags with spaces). */
  characterCount: number;
}

export interface TagsExtractorResponse {
  tags: string[];
  title: string;
  channel: string;
}
