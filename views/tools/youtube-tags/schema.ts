import { z } from 'zod';

export const tagsRequestSchema = z.object({
  videoUrl: z.string({ error: 'Please enter a YouTube video URL.' }).trim().min(1, 'Please enter a YouTube video URL.').max(2048, 'The video URL is too long.'),
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
