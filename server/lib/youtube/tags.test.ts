import { expect, test } from 'vitest';
import { MAX_SUGGESTIONS, mergeTags, suggestTags } from './tags.ts';

test('suggestions come from the hashtags, title and repeated description words', () => {
  const tags = suggestTags({
    title: 'Local SEO for Restaurants in Delhi | Full Guide 2026',
    description:
      'Learn local SEO. #LocalSEO #Delhi_Food\nRestaurants need reviews; reviews drive rankings. https://example.com/reviews-link',
    channel: 'Delhi SEO Hub',
  });
  expect(tags.slice(0, 3)).toEqual(['localseo', 'delhi food', 'local seo for restaurants in delhi full guide 2026']);
  expect(tags).toContain('local seo restaurants');
  expect(tags).toContain('restaurants delhi');
  expect(tags).toContain('reviews');
  expect(tags).toContain('delhi seo hub');
  expect(tags).not.toContain('for');
  expect(tags).not.toContain('https');
  expect(new Set(tags).size).toBe(tags.length);
});

test('suggestions are capped', () => {
  const title = Array.from({ length: 30 }, (_, i) => `word${i}x`).join(' ');
  expect(suggestTags({ title, description: '', channel: '' }).length).toBe(MAX_SUGGESTIONS);
});

test('an empty video gives no suggestions rather than filler', () => {
  expect(suggestTags({ title: '', description: '', channel: '' })).toEqual([]);
});

test('merge keeps the real tags first and drops case-insensitive duplicates', () => {
  expect(mergeTags(['Local SEO', 'Delhi'], ['local seo', 'delhi seo', ' '])).toEqual([
    'Local SEO',
    'Delhi',
    'delhi seo',
  ]);
});
