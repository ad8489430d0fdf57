import { expect, test } from 'vitest';
import { DomainError } from '#server/lib/domain-errors.ts';
import { parseVideoId, requireVideoId } from './video-id.ts';

test.each([
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s',
  'http://m.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=RDAMVM',
  'https://youtu.be/dQw4w9WgXcQ?si=abc',
  'https://www.youtube.com/shorts/dQw4w9WgXcQ',
  'https://youtube.com/shorts/dQw4w9WgXcQ?feature=share',
  'https://www.youtube.com/embed/dQw4w9WgXcQ?start=10',
  'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  'https://www.youtube.com/live/dQw4w9WgXcQ',
  'www.youtube.com/watch?v=dQw4w9WgXcQ',
  '  dQw4w9WgXcQ  ',
])('finds the id in %s', (input) => {
  expect(parseVideoId(input)).toBe('dQw4w9WgXcQ');
});

test.each([
  '',
  'https://www.youtube.com/watch?v=short',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ1',
  'https://evil.example/watch?v=dQw4w9WgXcQ',
  'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
  'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
  'https://www.youtube.com/channel/UC1234567890',
  'not a url at all',
])('rejects %j', (input) => {
  expect(parseVideoId(input)).toBeUndefined();
});

test('requireVideoId answers a 400 the person can act on', () => {
  const error = (() => {
    try {
      requireVideoId('https://vimeo.com/123');
    } catch (err) {
      return err;
    }
  })();
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).kind).toBe('invalid-input');
  expect((error as DomainError).message).toMatch(/valid YouTube video URL/);
});
