import { expect, test } from 'vitest';
import { indexingContentIssueTypes } from '#views/model/site-audit-checks/indexing-content.ts';
import type { FixtureSite } from '#test/fixtures/crawl-site.ts';
import { auditPage, html, moved } from '#test/fixtures/audit-pages.ts';
import {
  indexingContentSite,
  indexingContentSiteExpectation,
} from '#test/fixtures/site-audit-indexing-content-site.ts';
import { createInMemoryFetcher } from '#test/helpers/in-memory-fetcher.ts';
import { auditFixture, issuePaths } from '#test/helpers/site-audit.ts';
import { runSiteAudit } from './audit.ts';

const GROUP = indexingContentIssueTypes.map((type) => type.type);

test('the indexing-content planted site comes back with exactly the planted URLs for each of the group’s checks', async () => {
  const outcome = await auditFixture(indexingContentSite);
  const found = issuePaths(outcome, outcome.site.origin);
  const actual = Object.fromEntries(GROUP.map((type) => [type, found[type] ?? []]));
  const expected = Object.fromEntries(
    GROUP.map((type) => [type, [...(indexingContentSiteExpectation[type] ?? ['(no expectation written)'])].sort()]),
  );
  expect(actual).toEqual(expected);
  expect(outcome.stoppedBy).toBe('complete');
});

test('the details say where noindex comes from, which heading level is skipped and which ids repeat', async () => {
  const outcome = await auditFixture(indexingContentSite);
  const detail = (type: string, path: string) =>
    outcome.issues.find((issue) => issue.type === type && issue.url === `${outcome.site.origin}${path}`)?.detail;
  expect(detail('noindex-page', '/noindex-meta')).toBe('noindex in the robots meta tag');
  expect(detail('noindex-page', '/noindex-header')).toBe('noindex in the X-Robots-Tag header');
  expect(detail('noindex-page', '/noindex-both')).toBe('noindex in the robots meta tag and the X-Robots-Tag header');
  expect(detail('robots-directives-conflict', '/robots-conflict')).toBe('meta tag noindex, header index');
  expect(detail('heading-order-skipped', '/heading-skip')).toBe('h2 → h4');
  expect(detail('duplicate-ids', '/dup-ids')).toBe('id "main", "note" used more than once');
  expect(detail('content-type-wrong', '/html-as-text')).toBe('HTML served as text/plain');
  expect(detail('content-type-wrong', '/html-no-type')).toBe('HTML served without a Content-Type');
  expect(detail('robots-txt-invalid', '/robots.txt')).toBe('2 lines not understood, first line 3: "Noindex: /old/"');
  expect(detail('redirect-no-inlinks', '/redirect-sitemap-only')).toBe('listed in the sitemap; no page links to it');
  expect(detail('hreflang-multiple-languages', '/hl-multi')).toBe(`${outcome.site.origin}/hl-multi for en, fr`);
});

/** A site whose start page moves to another host, whose robots.txt answers as `robots` says. */
function movedSite(robots: () => ReturnType<FixtureSite>): FixtureSite {
  return (path, origin) => {
    if (origin === 'https://old.example') return path === '/' ? moved('https://www.new.example/') : undefined;
    if (path === '/robots.txt') return robots();
    return html(auditPage(path));
  };
}

test('robots.txt answering 5xx or failing after the start page moves host is reported, and nothing there is crawled', async () => {
  const origins = ['https://old.example', 'https://www.new.example'];
  const server = createInMemoryFetcher(
    movedSite(() => ({ status: 503, body: 'Down' })),
    origins,
  );
  const down = await runSiteAudit({ startUrl: 'https://old.example/', fetcher: server });
  expect(down.issues.filter((issue) => issue.type === 'robots-txt-unreachable')).toMatchObject([
    { url: 'https://www.new.example/robots.txt', detail: 'HTTP 503' },
  ]);
  expect(server.requests).not.toContain('https://www.new.example/');

  const failing = createInMemoryFetcher(
    movedSite(() => {
      throw new Error('connection reset');
    }),
    origins,
  );
  const reset = await runSiteAudit({ startUrl: 'https://old.example/', fetcher: failing });
  expect(reset.issues.filter((issue) => issue.type === 'robots-txt-unreachable')).toMatchObject([
    { url: 'https://www.new.example/robots.txt', detail: 'connection reset' },
  ]);
});

test('robots.txt served as an HTML page is reported as invalid; a clean robots.txt or none at all is not', async () => {
  const audit = async (robots: ReturnType<FixtureSite>) => {
    const outcome = await auditFixture((path) =>
      path === '/robots.txt' ? robots : path === '/' ? html(auditPage('/')) : undefined,
    );
    return outcome.issues.filter((issue) => issue.type.startsWith('robots-txt-')).map((issue) => issue.detail);
  };
  expect(await audit(html('<!doctype html><html><body>Welcome</body></html>'))).toEqual([
    'an HTML page or binary file, not plain text; 1 line not understood, first line 1: "<!doctype html><html><body>Welcome</body></html>"',
  ]);
  expect(await audit({ status: 200, body: 'User-agent: *\nDisallow:\n# a comment\n\nClean-param: ref /\n' })).toEqual(
    [],
  );
  expect(await audit(undefined)).toEqual([]);
});
