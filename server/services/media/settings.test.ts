import { expect, test } from 'vitest';
import { mediaSettings } from './settings.ts';

test('defaults point at the real platforms', () => {
  const settings = mediaSettings({});
  expect([settings.YOUTUBE_ORIGIN, settings.PINTEREST_ORIGIN, settings.PIN_IT_ORIGIN, settings.INSTAGRAM_ORIGIN]).toEqual([
    'https://www.youtube.com',
    'https://www.pinterest.com',
    'https://pin.it',
    'https://www.instagram.com',
  ]);
  expect(settings.MEDIA_MAX_BYTES).toBe(100 * 1024 * 1024);
  expect(settings.IMAGE_QUEUE).toBe(16);
});

test('origins can be overridden and lose trailing slashes', () => {
  expect(mediaSettings({ YOUTUBE_ORIGIN: 'http://127.0.0.1:4000/' }).YOUTUBE_ORIGIN).toBe('http://127.0.0.1:4000');
});

test('a bad value names the variable', () => {
  expect(() => mediaSettings({ INSTAGRAM_ORIGIN: 'ftp://x' })).toThrow(/INSTAGRAM_ORIGIN/);
  expect(() => mediaSettings({ MEDIA_MAX_BYTES: '-5' })).toThrow(/MEDIA_MAX_BYTES/);
});
