import { expect, test } from 'vitest';
import { tagsForClipboard, tagsThatFit, youtubeTagsLength, YOUTUBE_TAGS_LIMIT } from './logic.ts';
import { tagsRequestSchema } from './schema.ts';

test('tags are copied comma-separated', () => {
  expect(tagsForClipboard(['local seo', 'delhi'])).toBe('local seo, delhi');
});

test("YouTube's own examples: Foo-Baz is 7 characters, Foo Baz is 9", () => {
  expect(youtubeTagsLength(['Foo-Baz'])).toBe(7);
  expect(youtubeTagsLength(['Foo Baz'])).toBe(9);
});

test('commas between tags count, quotes are added only to tags with a space', () => {
  // "local seo" (9 + 2 quotes) + comma + delhi (5)
  expect(youtubeTagsLength(['local seo', 'delhi'])).toBe(17);
  expect(youtubeTagsLength([])).toBe(0);
  expect(youtubeTagsLength(['a', 'b', 'c'])).toBe(5);
});

test('characters are code points: Hindi and emoji count one each', () => {
  expect(youtubeTagsLength(['दिल्ली'])).toBe([...'दिल्ली'].length);
  expect(youtubeTagsLength(['seo🚀'])).toBe(4);
});

test('tagsThatFit stops at the first tag that would pass 500', () => {
  const tags = Array.from({ length: 60 }, (_, i) => `tag number ${String(i).padStart(2, '0')}`); // 13 + 2 quotes each
  // n tags use 15n + (n - 1) = 16n - 1 characters: 31 tags use 495, 32 would use 511.
  expect(youtubeTagsLength(tags.slice(0, 31))).toBe(495);
  expect(tagsThatFit(tags)).toBe(31);
  expect(tagsThatFit(['short'])).toBe(1);
  expect(tagsThatFit(['x'.repeat(YOUTUBE_TAGS_LIMIT + 1)])).toBe(0);
});

test('an empty URL is refused with a readable message', () => {
  expect(tagsRequestSchema.safeParse({ videoUrl: '' }).error?.issues[0].message).toBe(
    'Please enter a YouTube video URL.',
  );
});
