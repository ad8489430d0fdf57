import { expect, test } from 'vitest';
import { downloadFailure, downloadOutcome, statusTone } from './logic.ts';
import { pinterestRequestSchema, videoUrlSchema } from './schema.ts';

test('a download URL means the video is ready', () => {
  expect(downloadOutcome({ downloadUrl: '/api/media/file/x.y' })).toEqual({
    status: 'Video ready for download.',
    link: '/api/media/file/x.y',
  });
});

test('success without a URL is reported as such', () => {
  expect(downloadOutcome({})).toEqual({ status: 'Failed to get download URL.', link: null });
});

test('errors show the server text, else the transport message', () => {
  expect(downloadFailure(new Error('This pin has no video.')).status).toBe(
    'Error downloading video: This pin has no video.',
  );
  expect(downloadFailure(new TypeError('Failed to fetch')).status).toBe('Error downloading video: Failed to fetch');
  expect(downloadFailure('odd')).toEqual({ status: 'Error downloading video: Request failed', link: null });
});

test('Shorts status colour', () => {
  expect(statusTone('Error downloading video: x')).toBe('error');
  expect(statusTone('Video ready for download.')).toBe('success');
  expect(statusTone('Downloading video...')).toBe('success');
});

test('request validation', () => {
  expect(pinterestRequestSchema.parse({ videoUrl: ' https://pin.it/x ' })).toEqual({
    videoUrl: 'https://pin.it/x',
    resolution: 1080,
  });
  expect(pinterestRequestSchema.parse({ videoUrl: 'u', resolution: '480' }).resolution).toBe(480);
  expect(pinterestRequestSchema.safeParse({ videoUrl: 'u', resolution: 240 }).error?.issues[0].message).toBe(
    'Resolution must be one of 1080, 720, 480 or 360.',
  );
  expect(videoUrlSchema.safeParse({ videoUrl: '   ' }).error?.issues[0].message).toBe('Please enter a video URL.');
  expect(videoUrlSchema.safeParse({}).error?.issues[0].message).toBe('Please enter a video URL.');
  expect(videoUrlSchema.safeParse({ videoUrl: 'x'.repeat(2049) }).success).toBe(false);
});
