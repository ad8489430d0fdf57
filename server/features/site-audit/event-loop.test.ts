import { expect, test } from 'vitest';
import { createTimeSlicer } from '#server/lib/crawler/time-slice.ts';
import { MAX_LINKS_PER_PAGE } from '#server/lib/page-facts/facts.ts';
import { hostileRulesRead as rulesRead, hostileSite } from '#test/fixtures/site-audit-hostile-site.ts';
import { auditFixture, issuePaths } from '#test/helpers/site-audit.ts';

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
