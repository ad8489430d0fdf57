import { expect, test } from 'vitest';
import { anchorsToCsv, brandFromDomain, generateAnchors } from './logic.ts';
import { lsiVariants } from './lsi.ts';
import { keywordProblem, KEYWORD_TOO_LONG, NO_KEYWORDS, splitKeywords, TOO_MANY_KEYWORDS } from './rules.ts';
import { generateRequestSchema } from './schema.ts';

function textsOf(
  type: string,
  anchors = generateAnchors({ keywords: ['seo services in delhi'], website: 'example.com' }),
) {
  return anchors.filter((anchor) => anchor.type === type).map((anchor) => anchor.text);
}

test('keywords split on commas and newlines, trimmed, empties dropped', () => {
  expect(splitKeywords(' seo services ,\n\nlink  building\r\n, ,local seo,')).toEqual([
    'seo services',
    'link building',
    'local seo',
  ]);
  expect(splitKeywords(' ,\n , ')).toEqual([]);
});

test('no keywords, too many and too long keywords each get their own message', () => {
  expect(keywordProblem([])).toBe(NO_KEYWORDS);
  expect(keywordProblem(Array.from({ length: 101 }, (_, i) => `k${i}`))).toBe(TOO_MANY_KEYWORDS);
  expect(keywordProblem(Array.from({ length: 100 }, (_, i) => `k${i}`))).toBeNull();
  expect(keywordProblem(['a'.repeat(101)])).toBe(KEYWORD_TOO_LONG);
  // Characters, not UTF-16 units: 100 Devanagari letters with combining marks still fit.
  expect(keywordProblem(['क'.repeat(100)])).toBeNull();
});

test('every anchor type appears when a website is given, with the exact match first', () => {
  const anchors = generateAnchors({ keywords: ['seo services in delhi'], website: 'example.com' });
  expect(anchors[0]).toEqual({ text: 'seo services in delhi', type: 'exact' });
  expect(new Set(anchors.map((a) => a.type))).toEqual(
    new Set(['exact', 'partial', 'phrase', 'lsi', 'branded', 'naked-url', 'generic']),
  );
  expect(textsOf('partial')).toEqual([
    'best seo services in delhi',
    'guide to seo services in delhi',
    'tips on seo services in delhi',
    'more on seo services in delhi',
  ]);
  expect(textsOf('phrase')).toContain('learn more about seo services in delhi');
  expect(textsOf('branded')).toEqual(['Example seo services in delhi', 'seo services in delhi by Example', 'Example']);
  expect(textsOf('naked-url')).toEqual(['https://example.com', 'example.com', 'www.example.com']);
  expect(textsOf('lsi')).toEqual(
    expect.arrayContaining(['search engine optimization services in delhi', 'delhi seo services']),
  );
});

test('without brand or website there are no branded or naked URL anchors', () => {
  const types = new Set(generateAnchors({ keywords: ['running shoes'] }).map((a) => a.type));
  expect(types.has('branded')).toBe(false);
  expect(types.has('naked-url')).toBe(false);
  expect(types.has('generic')).toBe(true);
});

test('an explicit brand wins over the domain', () => {
  expect(textsOf('branded', generateAnchors({ keywords: ['shoes'], brand: 'Acme Co', website: 'acme.in' }))).toContain(
    'Acme Co',
  );
});

test('output is deduplicated case-insensitively, first type wins', () => {
  const anchors = generateAnchors({ keywords: ['Best Shoes', 'best shoes', 'click here'] });
  const lowered = anchors.map((a) => a.text.toLowerCase());
  expect(new Set(lowered).size).toBe(lowered.length);
  expect(anchors.filter((a) => a.text.toLowerCase() === 'best shoes')).toEqual([{ text: 'Best Shoes', type: 'exact' }]);
  expect(anchors.find((a) => a.text === 'click here')?.type).toBe('exact');
  expect(lowered).not.toContain('best best shoes');
});

test('LSI variants swap synonyms with matching case, switch the number of known nouns and reorder "for"/"in" phrases', () => {
  expect(lsiVariants('SEO Company')).toEqual(['Search Engine Optimization Company', 'SEO Agency', 'SEO Companies']);
  expect(lsiVariants('shoes for running')).toEqual(['footwear for running', 'shoe for running', 'running shoes']);
  expect(lsiVariants('seo services in delhi')).toEqual([
    'search engine optimization services in delhi',
    'seo solutions in delhi',
    'seo service in delhi',
    'delhi seo services',
  ]);
  expect(lsiVariants('best seo company in laxmi nagar')).toEqual([
    'top seo company in laxmi nagar',
    'best search engine optimization company in laxmi nagar',
    'best seo companies in laxmi nagar',
    'best laxmi nagar seo company',
  ]);
  expect(lsiVariants('gifts for her')).toEqual(['gift for her']);
  expect(lsiVariants('दिल्ली')).toEqual([]);
});

test('place names, brands and unknown words are never pluralised by adding a suffix', () => {
  expect(lsiVariants('seo services delhi')).toEqual([
    'search engine optimization services delhi',
    'seo solutions delhi',
    'seo service delhi',
  ]);
  expect(lsiVariants('ca firm laxmi nagar')).toEqual(['ca firms laxmi nagar']);
  expect(lsiVariants('Laxmi Nagar')).toEqual([]);
  expect(lsiVariants('boxes')).toEqual([]);
  expect(lsiVariants('web design janakpuri')).toEqual([]);
});

test('whole anchor sets for locality keywords and a brand read as English', () => {
  const places = ['delhi', 'rohini', 'noida', 'laxmi nagar', 'janakpuri', 'gurugram'];
  const keywords = [
    'seo services delhi',
    'ca firm laxmi nagar',
    'seo company in rohini',
    'digital marketing agency noida',
    'web design janakpuri',
    'dentist near me',
    'gurugram',
  ];
  const anchors = generateAnchors({ keywords, brand: 'RankCraft Delhi', website: 'rankcraft.in' });
  const words = new Set(anchors.flatMap((anchor) => anchor.text.toLowerCase().split(/\s+/)));
  for (const place of places.flatMap((place) => place.split(' '))) {
    for (const suffix of ['s', 'es', 'ies']) expect(words.has(`${place}${suffix}`)).toBe(false);
  }
  expect(words.has('rankcrafts')).toBe(false);
  // The brand is used exactly as typed, never reworded.
  expect(
    anchors
      .filter((anchor) => /rankcraft/i.test(anchor.text) && anchor.type === 'branded')
      .map((anchor) => anchor.text),
  ).toEqual(
    expect.arrayContaining([
      'RankCraft Delhi seo services delhi',
      'seo services delhi by RankCraft Delhi',
      'RankCraft Delhi',
    ]),
  );
  for (const anchor of anchors)
    if (/rankcraft/i.test(anchor.text) && anchor.type !== 'naked-url') expect(anchor.text).toContain('RankCraft Delhi');
  expect(new Set(anchors.map((anchor) => anchor.type))).toEqual(
    new Set(['exact', 'partial', 'phrase', 'lsi', 'branded', 'naked-url', 'generic']),
  );
  const forKeyword = (keyword: string) =>
    anchors.filter((anchor) => anchor.text.includes(keyword) && anchor.type !== 'branded').map((anchor) => anchor.text);
  expect(forKeyword('ca firm laxmi nagar')).toEqual([
    'ca firm laxmi nagar',
    'best ca firm laxmi nagar',
    'guide to ca firm laxmi nagar',
    'tips on ca firm laxmi nagar',
    'more on ca firm laxmi nagar',
    'learn more about ca firm laxmi nagar',
    'everything you need to know about ca firm laxmi nagar',
    'read our guide on ca firm laxmi nagar',
    'click here for ca firm laxmi nagar',
  ]);
  expect(anchors.filter((anchor) => anchor.type === 'lsi').map((anchor) => anchor.text)).toEqual([
    'search engine optimization services delhi',
    'seo solutions delhi',
    'seo service delhi',
    'ca firms laxmi nagar',
    'search engine optimization company in rohini',
    'seo agency in rohini',
    'seo companies in rohini',
    'rohini seo company',
    'digital marketing company noida',
    'digital marketing agencies noida',
    'dentist close to me',
    'dentists near me',
  ]);
});

test('unicode keywords pass through untouched', () => {
  const anchors = generateAnchors({ keywords: ['दिल्ली एसईओ'] });
  expect(anchors[0]).toEqual({ text: 'दिल्ली एसईओ', type: 'exact' });
  expect(anchors.map((a) => a.text)).toContain('best दिल्ली एसईओ');
});

test('100 keywords of 100 characters stay bounded', () => {
  const keywords = Array.from({ length: 100 }, (_, i) => `${'keyword '.repeat(11)}n${i}`.slice(0, 100));
  const anchors = generateAnchors({ keywords, brand: 'Brand', website: 'brand.com' });
  expect(anchors.length).toBeLessThan(100 * 16 + 20);
});

test('brand from domain handles country second-level domains and punycode', () => {
  expect(brandFromDomain('example.co.in')).toBe('Example');
  expect(brandFromDomain('shop.acme.com')).toBe('Acme');
  expect(brandFromDomain('xn--mnchen-3ya.de')).toBeUndefined();
});

test('CSV export has a header and type labels', () => {
  expect(
    anchorsToCsv([
      { text: 'a, b', type: 'lsi' },
      { text: 'x', type: 'naked-url' },
    ]),
  ).toBe('Anchor text,Type\r\n"a, b",LSI variant\r\nx,Naked URL\r\n');
});

test('request schema cleans keywords and normalises the website', () => {
  const parsed = generateRequestSchema.parse({
    keywords: [' a ', '', 'b'],
    website: 'https://www.Example.com/x',
    brand: '  ',
  });
  expect(parsed).toEqual({ keywords: ['a', 'b'], website: 'example.com', brand: undefined });
});

test('request schema refuses the wrong shapes with readable messages', () => {
  const message = (body: unknown) => generateRequestSchema.safeParse(body).error?.issues[0].message;
  expect(message({ keywords: [] })).toBe(NO_KEYWORDS);
  expect(message({ keywords: ['  '] })).toBe(NO_KEYWORDS);
  expect(message({ keywords: 'seo' })).toBe('Send keywords as a list of strings.');
  expect(message({ keywords: [1] })).toBe('Each keyword must be text.');
  expect(message({ keywords: Array(101).fill('x') })).toBe(TOO_MANY_KEYWORDS);
  expect(message({ keywords: ['x'.repeat(101)] })).toBe(KEYWORD_TOO_LONG);
  expect(message({ keywords: ['x'], website: 'not a site' })).toBe(
    'Please enter your website as a domain such as example.com.',
  );
  expect(message(null)).toBe('Send a JSON body like {"keywords": ["seo services"]}.');
});
