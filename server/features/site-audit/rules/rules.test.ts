import { expect, test } from 'vitest';
import { isValidHreflang } from '#server/lib/page-facts/hreflang.ts';
import { isResponsiveViewport, isValidLangTag } from './content.ts';

// One rule with the sitemap generator (server/lib/page-facts/hreflang.ts): a script subtag is valid (zh-Hant).
test('hreflang values: ISO 639-1 plus an optional script and ISO 3166-1 region, or x-default', () => {
  for (const ok of ['en', 'en-GB', 'hi-IN', 'EN-gb', 'x-default', 'X-Default', 'zh-Hant'])
    expect(isValidHreflang(ok), ok).toBe(true);
  for (const bad of ['en-UK', 'english', 'iw', 'en_GB', 'eng', 'en-GBR', '', 'xx'])
    expect(isValidHreflang(bad), bad).toBe(false);
});

test('lang attributes: BCP 47 shapes with known 2-letter languages and regions', () => {
  for (const ok of ['en', 'en-IN', 'hi', 'zh-Hant-TW', 'es-419', 'gsw', 'sr-Latn', 'de-CH-1996'])
    expect(isValidLangTag(ok), ok).toBe(true);
  for (const bad of ['english', 'en_US', 'en-UK', 'xx', 'e', 'en-']) expect(isValidLangTag(bad), bad).toBe(false);
});

test('a viewport is responsive with width=device-width or an initial-scale, not with a fixed width', () => {
  expect(isResponsiveViewport('width=device-width, initial-scale=1')).toBe(true);
  expect(isResponsiveViewport('initial-scale=1')).toBe(true);
  expect(isResponsiveViewport('width=1024')).toBe(false);
  expect(isResponsiveViewport('width=1024, initial-scale=1')).toBe(false);
  expect(isResponsiveViewport('user-scalable=no')).toBe(false);
});
