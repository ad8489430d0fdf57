import { expect, test } from 'vitest';
import { bySeverity, comparedWith, groupByCause, type DiffItem } from './site-audit-diff.ts';

const site = 'https://shop.in';
const item = (type: string, path: string): DiffItem => ({ type, url: `${site}${path}` });
/** Link targets by "type path" of the issue. */
const targetsOf = (links: Record<string, string[]>) => (issue: DiffItem) =>
  (links[`${issue.type} ${issue.url.slice(site.length)}`] ?? []).map((path) => `${site}${path}`);

test('a page that went 404: its own issues are gone with it (not fixed), the links to it follow from it', () => {
  const grouped = groupByCause({
    added: [
      item('title-missing', '/b'),
      item('links-broken', '/'),
      item('status-4xx', '/d'),
      item('links-broken', '/e'),
      item('lang-missing', '/c'),
    ],
    fixed: [
      item('description-missing', '/c'),
      item('description-missing', '/d'),
      item('links-broken', '/d'),
      item('title-too-long', '/d'),
      // Linked to /d while it redirected: replaced by the broken link on / above.
      item('links-to-redirect', '/'),
      item('links-to-redirect', '/a'),
    ],
    addedTargets: targetsOf({ 'links-broken /': ['/d'], 'links-broken /e': ['/old-offers'] }),
    fixedTargets: targetsOf({
      'links-broken /d': ['/old-offers'],
      'links-to-redirect /': ['/d'],
      'links-to-redirect /a': ['/moved'],
    }),
  });
  expect(grouped).toEqual({
    causes: [
      {
        ...item('status-4xx', '/d'),
        followed: [item('links-broken', '/')],
        gone: [
          item('links-broken', '/d'),
          item('description-missing', '/d'),
          item('links-to-redirect', '/'),
          item('title-too-long', '/d'),
        ],
      },
    ],
    // Errors first: the broken link (error), the missing title (error), then the language (warning).
    newIssues: [item('links-broken', '/e'), item('title-missing', '/b'), item('lang-missing', '/c')],
    fixedIssues: [item('description-missing', '/c'), item('links-to-redirect', '/a')],
  });
});

test('a new 404 with nothing following it stays a plain new issue; a page that now redirects for a while takes its own issues', () => {
  const grouped = groupByCause({
    added: [item('redirect-temporary', '/sale'), item('status-4xx', '/typo'), item('status-5xx', '/api')],
    fixed: [item('title-missing', '/sale')],
    addedTargets: () => [],
    fixedTargets: () => [],
  });
  expect(grouped).toEqual({
    causes: [{ ...item('redirect-temporary', '/sale'), followed: [], gone: [item('title-missing', '/sale')] }],
    newIssues: [item('status-4xx', '/typo'), item('status-5xx', '/api')],
    fixedIssues: [],
  });
});

test('a clean diff (a real fix, a real new issue) is not grouped', () => {
  const grouped = groupByCause({
    added: [item('img-alt-missing', '/a')],
    fixed: [item('title-missing', '/b')],
    addedTargets: () => [],
    fixedTargets: () => [],
  });
  expect(grouped).toEqual({
    causes: [],
    newIssues: [item('img-alt-missing', '/a')],
    fixedIssues: [item('title-missing', '/b')],
  });
});

test("a duplicate whose twin went 404 is not fixed: it goes under the 404, apart from the page's own issues", () => {
  const compared: Record<string, string[]> = {
    // /b's title was /d's, /h's text nearly /x's and /d's; /f and /g shared an H1 and /g's was changed: fixed.
    'title-duplicate /b': ['/d'],
    'title-duplicate /d': ['/b'],
    'near-duplicate-content /h': ['/x', '/d'],
    'h1-duplicate /f': ['/g'],
    'h1-duplicate /g': ['/f'],
  };
  const grouped = groupByCause({
    added: [item('status-4xx', '/d'), item('links-broken', '/')],
    fixed: [
      item('title-duplicate', '/b'),
      item('title-duplicate', '/d'),
      item('near-duplicate-content', '/h'),
      item('h1-duplicate', '/f'),
      item('h1-duplicate', '/g'),
    ],
    addedTargets: targetsOf({ 'links-broken /': ['/d'] }),
    fixedTargets: () => [],
    fixedComparedWith: targetsOf(compared),
  });
  expect(grouped).toEqual({
    causes: [
      {
        ...item('status-4xx', '/d'),
        followed: [item('links-broken', '/')],
        gone: [item('title-duplicate', '/d')],
        // Warnings first (the title), then the near-duplicate (a notice) named /d as its second twin.
        compared: [item('title-duplicate', '/b'), item('near-duplicate-content', '/h')],
      },
    ],
    newIssues: [],
    fixedIssues: [item('h1-duplicate', '/f'), item('h1-duplicate', '/g')],
  });
});

test('a 404 that only unpaired a duplicate elsewhere is still a cause; with no 404 a vanished duplicate is fixed', () => {
  const sides = {
    fixed: [item('description-duplicate', '/b')],
    addedTargets: () => [],
    fixedTargets: () => [],
    fixedComparedWith: targetsOf({ 'description-duplicate /b': ['/d'] }),
  };
  expect(groupByCause({ ...sides, added: [item('status-5xx', '/d')] })).toEqual({
    causes: [{ ...item('status-5xx', '/d'), followed: [], gone: [], compared: [item('description-duplicate', '/b')] }],
    newIssues: [],
    fixedIssues: [],
  });
  expect(groupByCause({ ...sides, added: [item('status-4xx', '/other')] })).toEqual({
    causes: [],
    newIssues: [item('status-4xx', '/other')],
    fixedIssues: [item('description-duplicate', '/b')],
  });
});

test("the pages a comparing finding names are read from its detail, as the audit's rules write it", () => {
  expect(comparedWith('same title as https://shop.in/d')).toEqual(['https://shop.in/d']);
  expect(comparedWith('same meta description as https://shop.in/a, https://shop.in/b?x=1,2 and 4 more')).toEqual([
    'https://shop.in/a',
    'https://shop.in/b?x=1,2',
  ]);
  expect(comparedWith('almost the same text as https://shop.in/a, https://shop.in/b')).toEqual([
    'https://shop.in/a',
    'https://shop.in/b',
  ]);
  expect(comparedWith('')).toEqual([]);
});

test('by severity: errors, warnings, notices, then by check and URL', () => {
  expect(
    bySeverity([
      item('h1-multiple', '/x'),
      item('lang-missing', '/b'),
      item('status-4xx', '/z'),
      item('lang-missing', '/a'),
    ]),
  ).toEqual([
    item('status-4xx', '/z'),
    item('lang-missing', '/a'),
    item('lang-missing', '/b'),
    item('h1-multiple', '/x'),
  ]);
});
