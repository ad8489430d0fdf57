import { expect, test } from 'vitest';
import { renderingIssueTypes } from '#views/model/site-audit-checks/rendering.ts';
import { cleanSite } from '#test/fixtures/site-audit-clean-site.ts';
import { SPA_PLANTED, spaRoutes, spaSite } from '#test/fixtures/site-audit-spa-site.ts';
import { auditFixture, issuePaths } from '#test/helpers/site-audit.ts';

const RENDERING_TYPES = renderingIssueTypes.map((type) => type.type);

function renderingFindings(found: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(RENDERING_TYPES.map((type) => [type, found[type] ?? []]));
}

test('without rendering the single-page application is one page, and no rendering check runs', async () => {
  const outcome = await auditFixture(spaSite());
  const crawled = outcome.nodes
    .filter((node) => node.page !== null)
    .map((node) => node.url.slice(outcome.site.origin.length));
  expect(crawled).toEqual(['/']);
  expect(outcome.render).toBeUndefined();
  expect(renderingFindings(issuePaths(outcome, outcome.site.origin))).toEqual(
    Object.fromEntries(RENDERING_TYPES.map((type) => [type, []])),
  );
});

test('with rendering every route of the single-page application is crawled, with exactly the planted rendering problems', async () => {
  const outcome = await auditFixture(spaSite(), { render: {} });
  const origin = outcome.site.origin;
  const routes = spaRoutes();
  const crawled = outcome.nodes.filter((node) => node.page !== null).map((node) => node.url.slice(origin.length));
  expect(crawled.sort()).toEqual([...routes].sort());
  expect(outcome.render).toEqual({ rendered: routes.length, stopped: null });
  const all = [...routes].sort();
  const withLinks = all; // every route's navigation is created by the script
  expect(renderingFindings(issuePaths(outcome, origin))).toEqual({
    'title-only-rendered': all,
    'h1-only-rendered': all,
    'canonical-only-rendered': [SPA_PLANTED.canonicalByScript],
    'noindex-only-rendered': [SPA_PLANTED.noindexByScript],
    'noindex-only-raw': [SPA_PLANTED.noindexRemovedByScript],
    'links-only-rendered': withLinks,
    'js-console-errors': [SPA_PLANTED.scriptError],
    'failed-resources-rendered': [SPA_PLANTED.failedRequest],
    'render-failed': [],
  });
  const detail = (type: string, path: string) =>
    outcome.issues.find((issue) => issue.type === type && issue.url === origin + path)?.detail;
  expect(detail('js-console-errors', SPA_PLANTED.scriptError)).toBe(
    '1 JavaScript errors: The product widget failed to start',
  );
  expect(detail('failed-resources-rendered', SPA_PLANTED.failedRequest)).toBe(
    `1 failed requests: HTTP 404: ${origin}/api/missing.json`,
  );
  expect(detail('title-only-rendered', '/about')).toBe('No title in the raw HTML; after JavaScript: "Shop /about"');
  // The rendered facts are the page's: its heading and words come from the script.
  const about = outcome.nodes.find((node) => node.url === `${origin}/about`)!;
  expect(about.page?.h1).toEqual(['Heading of /about']);
  expect(about.page?.words).toBeGreaterThan(200);
  // The raw noindex holds (Google reads it before rendering), as does the one the script adds.
  const noindex = (path: string) => outcome.nodes.find((node) => node.url === origin + path)!.page!.noindex;
  expect([
    noindex(SPA_PLANTED.noindexRemovedByScript),
    noindex(SPA_PLANTED.noindexByScript),
    noindex('/about'),
  ]).toEqual([true, true, false]);
  // The one bundle is fetched once for the whole audit.
  expect(outcome.site.requests.filter((request) => request.path === '/app.js')).toHaveLength(1);
});

test('a clean server-rendered site gets no issue at all with rendering on', async () => {
  const outcome = await auditFixture(cleanSite, { render: {} });
  expect(outcome.issues).toEqual([]);
  // Its eleven HTML pages (the twelfth URL is its logo).
  expect(outcome.render).toEqual({ rendered: 11, stopped: null });
});
