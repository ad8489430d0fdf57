import { expect, test } from 'vitest';
import { isValidHreflang } from './hreflang.ts';

test('hreflang: an ISO 639-1 language, an optional script and ISO 3166-1 alpha-2 region, or x-default', () => {
  const valid = ['en', 'en-GB', 'hi-IN', 'EN-gb', 'zh-Hant', 'zh-Hant-TW', 'sr-Latn', 'x-default', 'X-Default'];
  const invalid = ['en-UK', 'en-EU', 'xx-GB', 'english', 'fil', 'en_GB', 'en-GBR', 'zh-Hant-UK', 'en-419', '', 'x'];
  expect(valid.filter((value) => !isValidHreflang(value))).toEqual([]);
  expect(invalid.filter((value) => isValidHreflang(value))).toEqual([]);
});
