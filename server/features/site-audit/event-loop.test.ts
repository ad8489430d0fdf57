import { expect, test } from 'vitest';
import { MAX_ROBOTS_BYTES } from '#server/lib/crawler/robots-txt.ts';
import { createTimeSlicer } from '#server/lib/crawler/time-slice.ts';
import { MAX_LINKS_PER_PAGE } from '#server/lib/page-facts/facts.ts';
import { htmlPage, ok } from '#test/fixtures/crawl-site.ts';
import { auditFixture, issuePaths } from '#test/helpers/site-audit.ts';

// The probe's site: 20,000 different wildcard rules (cut at 500 KiB) and a start page of
// 100,000 links (~2.4 MB) to ten pages, one of them disallowed.
const hostileRules = Array.from({ length: 20_000 }, (_, index) => `Disallow: /*a*a*a*a*a*a*b${index}\n`).join('');
const robotsTxt = `User-agent: *\nDisallow: /p/9\n${hostileRules}`.slice(0, MAX_ROBOTS_BYTES);
const rulesRead = robotsTxt.slice(0, robotsTxt.lastIndexOf('\n')).split('\n').length - 1;
const startPage = htmlPage({
  body: Array.from({ length: 100_000 }, (_, index) => `<a href="/p/${index % 10}">page ${index % 10}</a>`).join(''),
});

function hostileSite(path: string) {
  if (path === '/robots.txt') return { status: 200, headers: { 'content-type': 'text/plain' }, body: robotsTxt };
  if (path === '/') return ok(startPage);
  if (/^\/p\/\d$/.test(path)) return ok(htmlPage({ links: ['/'] }));
  return undefined;
}

test('an audit of a site with a huge robots.txt and a 100,000-link page reads the one link cap and counts the rest', async () => {
  const outcome = await auditFixture(hostileSite);
  const start = outcome.nodes.find((node) => node.url === `${outcome.site.origin}/`)!;
  expect(start.page).toMatchObject({ uniqueLinks: 10, linksOverCap: 100_000 - MAX_LINKS_PER_PAGE });
  expect(start.page!.links).toHaveLength(10);
  expect(outcome.nodes.map((node) => [node.url.slice(outcome.site.origin.length), node.status, node.skipped])).toEqual([
    ['/', 200, null],
    ...Array.from({ length: 9 }, (_, index) => [`/p/${index}`, 200, null]),
    ['/p/9', 0, 'robots'],
  ]);
  expect(outcome.summary.pages).toBe(10);
  expect(outcome.stoppedBy).toBe('complete');
  expect(issuePaths(outcome, outcome.site.origin)['blocked-by-robots']).toEqual(['/p/9']);
  expect(outcome.issues.find((issue) => issue.type === 'links-too-many')?.detail).toBe(
    '10 different link targets; 95000 more links past the 5000 read per page',
  );
});

test('the audit lets the event loop turn between robots.txt lines and rules, HTML chunks and links', async () => {
  // A slice of 0 ms: every breath is a turn, so turns count the units of work done between them.
  const slicer = createTimeSlicer({ sliceMs: 0 });
  await auditFixture(hostileSite, { slicer });
  // Each robots.txt line and each compiled rule, then each of the 5,000 links read (and more: chunks, rules).
  expect(rulesRead).toBe(16_874);
  expect(slicer.turns).toBeGreaterThan(2 * (rulesRead + 1) + MAX_LINKS_PER_PAGE);
});
