import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { prose } from '#test/fixtures/audit-pages.ts';
import { ok, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { dataSpaRoutes, dataSpaSite, dataSpaTitle } from '#test/fixtures/site-audit-data-spa-site.ts';
import { spawnOwned, stopOwned } from '#test/helpers/owned-processes.ts';
import { auditFixture, issuePaths } from '#test/helpers/site-audit.ts';

/*
 * A rendered page is read once it has settled (settle.ts), whatever else the machine is doing: these
 * tests run while other processes keep every core busy, as a shared server's are.
 */

const busy: ReturnType<typeof spawnOwned>[] = [];
beforeAll(() => {
  for (let i = 0; i < availableParallelism(); i += 1)
    busy.push(spawnOwned(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
});
afterAll(async () => {
  await Promise.all(busy.map((child) => stopOwned(child)));
});

test('every route of a single-page application that loads its data late is found, each with its real title, while every core is busy', async () => {
  const outcome = await auditFixture(dataSpaSite(), { render: {} });
  const origin = outcome.site.origin;
  const pages = outcome.nodes.filter((node) => node.page !== null && node.url.startsWith(origin));
  const titles = Object.fromEntries(pages.map((node) => [node.url.slice(origin.length), node.page!.title]));
  const routes = dataSpaRoutes();
  expect(routes).toHaveLength(60);
  expect(titles).toEqual(Object.fromEntries(routes.map((path) => [path, dataSpaTitle(path)])));
  for (const node of pages) expect(node.page!.h1).toEqual([`Heading of ${node.url.slice(origin.length)}`]);
  expect(outcome.render).toEqual({ rendered: 60, stopped: null });
  const found = issuePaths(outcome, origin);
  expect([found['render-not-settled'] ?? [], found['render-failed'] ?? []]).toEqual([[], []]);
}, 180_000);

/** A site whose start page links to /next in its HTML and runs `script`; /next is a plain page. */
function startPageSite(script: string, extra: FixtureSite = () => undefined): FixtureSite {
  const page = (path: string, body: string) =>
    ok(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${path}</title></head><body><h1>Page ${path}</h1><p>${prose(path, 230)}</p>${body}</body></html>`,
    );
  return (path, origin) => {
    if (path === '/') return page(path, `<a href="/next">Next</a><script>${script}</script>`);
    if (path === '/next') return page(path, '');
    return extra(path, origin);
  };
}

test('a page still loading when its wait runs out is rendered again on a fresh slot, then read as it is and reported with what it was loading', async () => {
  const site = startPageSite(
    `fetch('/api/slow').then((res) => res.text()).then((text) => { document.querySelector('h1').textContent = text; });`,
    (path) => (path === '/api/slow' ? { status: 200, body: 'late', delayMs: 60_000 } : undefined),
  );
  const outcome = await auditFixture(site, { render: { waitMs: 1000 } });
  const origin = outcome.site.origin;
  expect(issuePaths(outcome, origin)['render-not-settled']).toEqual(['/']);
  expect(outcome.issues.find((issue) => issue.type === 'render-not-settled')?.detail).toBe(
    `Still loading after 1 s: 1 request (${origin}/api/slow)`,
  );
  // Read as it was: the raw heading stands, its link was followed.
  expect(outcome.nodes.find((node) => node.url === `${origin}/`)?.page?.h1).toEqual(['Page /']);
  expect(outcome.nodes.find((node) => node.url === `${origin}/next`)?.page?.render?.error).toBeNull();
  expect(outcome.site.requests.filter((request) => request.path === '/api/slow')).toHaveLength(2);
});

test('a start page that cannot be rendered is read from its raw HTML, the crawl goes on from its links, and the report says so', async () => {
  // A limit the plain page keeps well within, however busy the machine.
  const outcome = await auditFixture(startPageSite('for (;;) {}'), { render: { timeoutMs: 5000 } });
  const origin = outcome.site.origin;
  expect(issuePaths(outcome, origin)['render-failed']).toEqual(['/']);
  expect(outcome.nodes.find((node) => node.url === `${origin}/next`)?.page?.render?.error).toBeNull();
  expect(outcome.render).toEqual({
    rendered: 1,
    stopped: null,
    startPage:
      'The start page could not be rendered (The page did not finish rendering within 5 seconds), twice; it was read from its raw HTML and the crawl went on from its links and the sitemaps.',
  });
}, 60_000);
