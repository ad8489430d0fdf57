import { expect, test } from 'vitest';
import { trackLabel, transcriptDownloadHref } from './logic.ts';
import { transcriptDownloadSchema, transcriptRequestSchema } from './schema.ts';

test('download links carry the video, the track and the format', () => {
  expect(transcriptDownloadHref('https://youtu.be/okCaptions1', 'a.en', 'srt')).toBe(
    '/api/youtube-transcript/download?videoUrl=https%3A%2F%2Fyoutu.be%2FokCaptions1&lang=a.en&format=srt',
  );
});

test('auto-generated tracks are labelled once', () => {
  expect(trackLabel({ name: 'English', generated: true })).toBe('English (auto-generated)');
  expect(trackLabel({ name: 'English (auto-generated)', generated: true })).toBe('English (auto-generated)');
  expect(trackLabel({ name: 'Hindi', generated: false })).toBe('Hindi');
});

test('request schemas', () => {
  expect(transcriptRequestSchema.parse({ videoUrl: ' x ' })).toEqual({ videoUrl: 'x' });
  expect(transcriptRequestSchema.safeParse({ videoUrl: 'x', lang: '<script>' }).success).toBe(false);
  expect(transcriptDownloadSchema.safeParse({ videoUrl: 'x', format: 'doc' }).error?.issues[0].message).toBe(
    'Format must be txt, srt or pdf.',
  );
});
