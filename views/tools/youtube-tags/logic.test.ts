import { expect, test } from 'vitest';
import { tagCharacterCount, tagsForClipboard } from './logic.ts';
import { tagsRequestSchema } from './schema.ts';

test('tags are copied comma-separated', () => {
  expect(tagsForClipboard(['local seo', 'delhi'])).toBe('local seo, delhi');
  expect(tagCharacterCount(['local seo', 'delhi'])).toBe(16);
});

test('an empty URL is refused with a readable message', () => {
  expect(tagsRequestSchema.safeParse({ videoUrl: '' }).error?.issues[0].message).toBe('Please enter a YouTube video URL.');
});
