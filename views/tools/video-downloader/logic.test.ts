import { expect, test } from 'vitest';
import { downloadOutcome, statusTone } from './logic.ts';
import { pinterestRequestSchema, videoUrlSchema } from './schema.ts';

test('a download URL means the video is ready', () => {
  expect(downloadOutcome({ ok: true, body: { downloadUrl: '/api/media/file/x.y' } })).toEqual({ status: 'Video ready for download.', link: '/api/media/file/x.y' });
});

test('success without a URL is reported as such', () => {
  expect(downloadOutcome({ ok: true, body: {} })).toEqual({ status: 'Failed to get download URL.', link: null });
});

test('errors show the server text, else the transport message', () => {
  expect(downloadOutcome({ ok: false, body: { error: 'This pin has no video.' } }).status).toBe('Error downloading video: This pin has no video.');
  expect(downloadOutcome({ ok: false, body: null, transportError: 'Failed to fetch' }).status).toBe('Error downloading video: Failed to fetch');
});

test('Shorts status colour', () => {
  expect(statusTone('Error downloading video: x')).toBe('error');
  expect(statusTone('Video ready for download.')).toBe('success');
  expect(statusTone('Downloading video...')).toBe('success');
});

test('request validation', () => {
  expect(pinterestRequestSchema.parse({ videoUrl: ' https://pin.it/x ' })).toEqual({ videoUrl: 'https://pin.it/x', resolution: 1080 });
  expect(pinterestRequestSchema.parse({ videoUrl: 'u', resolution: '480' }).resolution).toBe(480);
  expect(pinterestRequestSchema.safeParse({ videoUrl: 'u', resolution: 240 }).error?.issues[0].message).toBe('Resolution must be one of 1080, 720, 480 or 360.');
  expect(videoUrlSchema.safeParse({ videoUrl: '   ' }).error?.issues[0].message).toBe('Please enter a video URL.');
  expect(videoUrlSchema.safeParse({}).error?.issues[0].message).toBe('Please enter a video URL.');
  expect(videoUrlSchema.safeParse({ videoUrl: 'x'.repeat(2049) }).success).toBe(false);
});
