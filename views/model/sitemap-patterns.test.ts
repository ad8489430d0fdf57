import { expect, test } from 'vitest';
import {
  compilePatterns,
  MAX_PATTERNS,
  patternListProblem,
  patternProblem,
  patternsFromText,
} from './sitemap-patterns.ts';

const site = 'https://example.com';

test('a pattern matches paths that start with it; * is any characters; $ ends it', () => {
  const match = compilePatterns(['/blog/', '/*.html', '/shop/*/reviews', '/about$']);
  const cases: [string, string | null][] = [
    ['/blog/', '/blog/'],
    ['/blog/post-1?page=2', '/blog/'],
    ['/blog', null],
    ['/guides/a.html', '/*.html'],
    ['/shop/shoes/reviews?sort=new', '/shop/*/reviews'],
    ['/shop/reviews', null],
    ['/about', '/about$'],
    ['/about-us', null],
    ['/', null],
  ];
  for (const [path, expected] of cases)
    expect({ path, matched: match(`${site}${path}`) }).toEqual({ path, matched: expected });
  // Paths are case-sensitive, as URLs are; regex characters in a pattern are plain characters.
  expect(compilePatterns(['/Blog/'])(`${site}/blog/x`)).toBeNull();
  expect(compilePatterns(['/a.b'])(`${site}/axb`)).toBeNull();
  expect(compilePatterns(['/p?id=1$'])(`${site}/p?id=1`)).toBe('/p?id=1$');
  expect(compilePatterns(['/'])('not a url')).toBeNull();
});

test('bad patterns are refused with a reason a person can act on', () => {
  expect(patternProblem('blog')).toBe('must start with / (a path such as /blog/)');
  expect(patternProblem('https://example.com/blog/')).toBe('must start with / (a path such as /blog/)');
  expect(patternProblem('/a b')).toBe('may only hold the characters of a URL path (no spaces, quotes or #)');
  expect(patternProblem('/a#b')).toBe('may only hold the characters of a URL path (no spaces, quotes or #)');
  expect(patternProblem('/a$b')).toBe('may have $ only at its very end');
  expect(patternProblem(`/${'a'.repeat(200)}`)).toBe('is longer than 200 characters');
  expect(patternProblem(`/${'a'.repeat(199)}`)).toBeNull();
  expect(patternListProblem('Include', ['/ok/', 'bad'])).toBe(
    'Include pattern 2 ("bad") must start with / (a path such as /blog/).',
  );
  const many = Array.from({ length: MAX_PATTERNS + 1 }, (_, i) => `/p${i}`);
  expect(patternListProblem('Exclude', many)).toBe('Exclude patterns: at most 20, one per line.');
  expect(patternListProblem('Exclude', many.slice(0, MAX_PATTERNS))).toBeNull();
});

test('a text box gives one pattern per non-blank line, trimmed, each once', () => {
  expect(patternsFromText(' /blog/ \r\n\n/tag/\n/blog/\n   ')).toEqual(['/blog/', '/tag/']);
});
