import { expect, test } from 'vitest';
import { ISSUE_TYPES } from './site-audit.ts';
import {
  groupLinks,
  linkedFrom,
  linkSentence,
  rankFixes,
  fixScope,
  reportTitle,
  SCORE_LOSS,
  scoreExplanation,
  type AuditLink,
} from './site-audit-report.ts';

const footer = (source: string): AuditLink => ({
  source,
  target: 'https://x.in/old',
  anchor: 'Old page',
  position: 'footer',
});

test('one template link on many pages is one group with the exact number of pages, most pages first', () => {
  const pages = Array.from({ length: 45 }, (_, i) => `https://x.in/p${i}`);
  const grouped = groupLinks([
    { source: 'https://x.in/a', target: 'https://x.in/old', anchor: 'read more', position: 'content' },
    ...pages.map(footer),
    // The same link twice on a page counts that page once.
    footer('https://x.in/p0'),
  ]);
  expect(grouped.total).toBe(47);
  expect(grouped.distinct).toBe(2);
  expect(grouped.groups.map((group) => [linkSentence(group), group.anchor, group.sources.length])).toEqual([
    ['1 link in the footer, on 45 pages', 'Old page', 10],
    ['1 link in the page content, on 1 page', 'read more', 1],
  ]);
  expect(linkedFrom(grouped.groups[0], (url) => url.slice('https://x.in'.length))).toBe(
    'Linked from /p0, /p1, /p2, /p3, /p4, /p5, /p6, /p7, /p8, /p9 and 35 more pages',
  );
  expect(linkedFrom(grouped.groups[1], (url) => url)).toBe('Linked from https://x.in/a');
});

test('the same anchor in another position, or to another target, is another link; limits cut the list, not the counts', () => {
  const grouped = groupLinks(
    [
      footer('https://x.in/a'),
      { ...footer('https://x.in/a'), position: 'navigation' },
      { ...footer('https://x.in/b'), target: 'https://x.in/other' },
    ],
    { groups: 1, sources: 1 },
  );
  expect(grouped).toEqual({
    total: 3,
    distinct: 3,
    groups: [
      { target: 'https://x.in/old', anchor: 'Old page', position: 'footer', pages: 1, sources: ['https://x.in/a'] },
    ],
  });
});

test('top fixes: every error before any warning, every warning before any notice, then most pages', () => {
  const ranked = rankFixes([
    { type: 'n', severity: 'notice', count: 900 },
    { type: 'w-many', severity: 'warning', count: 300 },
    { type: 'e-one', severity: 'error', count: 1 },
    { type: 'w-few', severity: 'warning', count: 2 },
    { type: 'e-many', severity: 'error', count: 40 },
  ] as const);
  expect(ranked.map((fix) => fix.type)).toEqual(['e-many', 'e-one', 'w-many', 'w-few', 'n']);
});

test('the report title names the domain and the day it finished in the profile zone', () => {
  const audit = { url: 'https://example.com/', createdAt: '2026-11-26T18:20:00.000Z', finishedAt: null };
  expect(reportTitle({ ...audit, finishedAt: '2026-11-26T18:40:00.000Z' }, 'Asia/Kolkata')).toBe(
    'Site audit of example.com, 27 November 2026',
  );
  // 11:50 pm IST is still the 26th; the same moment in London is the 26th too, an hour later it is not in Delhi.
  expect(reportTitle(audit, 'Asia/Kolkata')).toBe('Site audit of example.com, 26 November 2026');
  expect(reportTitle({ ...audit, finishedAt: '2026-11-26T18:40:00.000Z' }, 'Europe/London')).toBe(
    'Site audit of example.com, 26 November 2026',
  );
});

test('the score explanation follows the constants the score uses, in plain words', () => {
  expect(SCORE_LOSS).toEqual({ error: 1, warning: 0.5, notice: 0 });
  expect(scoreExplanation()).toEqual([
    'The health score is the share of crawled URLs that are free of problems, out of 100.',
    'A URL with an error counts for nothing; a URL with warnings but no error counts half; notices never lower the score.',
    'Score = 100 × (URLs with no error or warning + ½ × URLs with only warnings) ÷ URLs crawled.',
  ]);
});

test('no jargon in what a site owner reads: the catalogue and the report texts', () => {
  const jargon = /shingle|minhash|jaccard/i;
  for (const type of ISSUE_TYPES)
    expect([type.title, type.description, type.howToFix].join(' '), type.type).not.toMatch(jargon);
  expect(scoreExplanation().join(' ')).not.toMatch(jargon);
});

test('a top fix counts the links to change and names the template, not the pages they are on', () => {
  const link = (position: string, pages: number) => ({ target: '/old', anchor: 'Old', position, pages, sources: [] });
  expect(fixScope({ count: 2 })).toBe('on 2 pages');
  expect(fixScope({ count: 7, links: { total: 7, distinct: 1, groups: [link('footer', 7)] } })).toBe(
    '1 link in the footer, on 7 pages',
  );
  const three = { total: 31, distinct: 3, groups: [link('content', 1), link('navigation', 29), link('content', 1)] };
  expect(fixScope({ count: 29, links: three })).toBe(
    '3 links to fix: 1 link in the navigation, on 29 pages, and 2 more',
  );
});
