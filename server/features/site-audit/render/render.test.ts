import { expect, test } from 'vitest';
import { renderingIssueTypes } from '#views/model/site-audit-checks/rendering.ts';
import { prose } from '#test/fixtures/audit-pages.ts';
import { ok, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
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
    'failed-resources-rendered': [],
    'links-not-crawlable': [],
    'data-request-failed': [SPA_PLANTED.failedRequest],
    'render-not-settled': [],
    'render-failed': [],
  });
  const detail = (type: string, path: string) =>
    outcome.issues.find((issue) => issue.type === type && issue.url === origin + path)?.detail;
  expect(detail('js-console-errors', SPA_PLANTED.scriptError)).toBe(
    '1 JavaScript errors: The product widget failed to start',
  );
  expect(detail('data-request-failed', SPA_PLANTED.failedRequest)).toBe(
    `1 failed data requests: HTTP 404: ${origin}/api/missing.json; nothing in the console`,
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
  // The one bundle is fetched twice for the whole audit, whatever the number of pages: once by the
  // audit's own check of the script (status and size, like an image), once by the renderer, which keeps it.
  expect(outcome.site.requests.filter((request) => request.path === '/app.js')).toHaveLength(2);
});

test('a clean server-rendered site gets no issue at all with rendering on', async () => {
  const outcome = await auditFixture(cleanSite, { render: {} });
  expect(outcome.issues).toEqual([]);
  // Its eleven HTML pages (the twelfth URL is its logo).
  expect(outcome.render).toEqual({ rendered: 11, stopped: null });
});

/** A one-page site whose page runs `script` (inline) after `head`. */
function scriptedSite(script: string, head = ''): FixtureSite {
  return (path) =>
    path === '/'
      ? ok(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Scripted</title>${head}</head><body><h1>Scripted</h1><p>${prose('/', 230)}</p><script>${script}</script></body></html>`,
        )
      : undefined;
}

test('every request of a rendered page goes through the guarded fetcher: a private address is refused, and WebRTC is gone', async () => {
  const canary = await startLoopbackServer((_req, res) => res.end('canary'));
  try {
    const outcome = await auditFixture(
      scriptedSite(
        `document.querySelector('h1').textContent = typeof RTCPeerConnection;`,
        `<script src="${canary.origin}/tracker.js"></script>`,
      ),
      { render: {} },
    );
    const home = outcome.nodes.find((node) => node.url === `${outcome.site.origin}/`)!;
    expect(home.page?.h1).toEqual(['undefined']);
    expect(issuePaths(outcome, outcome.site.origin)['failed-resources-rendered']).toEqual(['/']);
    expect(home.page?.render?.failedResources).toEqual({
      count: 1,
      first: [`blocked (private address): ${canary.origin}/tracker.js`],
    });
    expect(canary.connections()).toBe(0);
  } finally {
    await canary.close();
  }
});

test('a page that does not finish rendering within the limit is reported as not rendered and keeps its raw facts', async () => {
  const outcome = await auditFixture(scriptedSite('for (;;) {}'), { render: { timeoutMs: 1000 } });
  expect(renderingFindings(issuePaths(outcome, outcome.site.origin))['render-failed']).toEqual(['/']);
  expect(outcome.issues.find((issue) => issue.type === 'render-failed')?.detail).toBe(
    'The page did not finish rendering within 1 seconds.',
  );
  expect(outcome.nodes[0].page?.h1).toEqual(['Scripted']);
});

test('past the pages an audit may render, the rest of the site is read without JavaScript and the audit says so', async () => {
  const outcome = await auditFixture(spaSite(), { render: { maxPages: 2, concurrency: 1 } });
  expect(outcome.render).toEqual({
    rendered: 2,
    stopped: 'Only the first 2 pages were rendered (the limit of one audit); the rest were read without JavaScript.',
  });
  const rendered = outcome.nodes.filter((node) => node.page?.render !== undefined);
  expect(rendered).toHaveLength(2);
});

test('a page that allocates without end is stopped at the memory budget, reported as not rendered, and the audit renders on', async () => {
  const hungry = 'const keep = []; for (;;) { try { keep.push(new Uint8Array(16 << 20).fill(7)); } catch {} }';
  const site: FixtureSite = (path) => {
    const body = `<h1>Page ${path}</h1><p>${prose(path, 230)}</p><a href="/hungry">Hungry</a> <a href="/calm">Calm</a>`;
    const script = path === '/hungry' ? `<script>${hungry}</script>` : '';
    return ['/', '/hungry', '/calm'].includes(path)
      ? ok(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${path}</title></head><body>${body}${script}</body></html>`,
        )
      : undefined;
  };
  // Generous time: on a loaded machine the time limit must never win the race against the budget.
  const outcome = await auditFixture(site, { render: { memoryMb: 128, timeoutMs: 60_000, concurrency: 1 } });
  expect(renderingFindings(issuePaths(outcome, outcome.site.origin))['render-failed']).toEqual(['/hungry']);
  expect(outcome.issues.find((issue) => issue.type === 'render-failed')?.detail).toBe(
    'The page used more than 128 MB of memory while rendering.',
  );
  expect(outcome.render).toEqual({ rendered: 2, stopped: null });
});

test('a script robots.txt disallows is not fetched while rendering, and is reported as a failed request', async () => {
  const site: FixtureSite = (path) => {
    if (path === '/robots.txt')
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private/\n' };
    if (path === '/private/app.js') return { status: 200, headers: { 'content-type': 'text/javascript' }, body: '' };
    return scriptedSite('', '<script src="/private/app.js"></script>')(path, '');
  };
  const outcome = await auditFixture(site, { render: {} });
  const home = outcome.nodes.find((node) => node.url === `${outcome.site.origin}/`)!;
  expect(home.page?.render?.failedResources).toEqual({
    count: 1,
    first: [`blocked by robots.txt: ${outcome.site.origin}/private/app.js`],
  });
  expect(outcome.site.requests.map((entry) => entry.path)).not.toContain('/private/app.js');
});

test('every page renders as a first visit: what one page leaves in cookies and storage, the next one does not see', async () => {
  // Each page shows what it finds, then leaves a cookie and local and session storage behind.
  const script = `document.querySelector('h1').textContent = 'Found: ' +
    [localStorage.getItem('seen'), sessionStorage.getItem('seen'), document.cookie].map((v) => v || 'nothing').join(', ');
  localStorage.setItem('seen', location.pathname);
  sessionStorage.setItem('seen', location.pathname);
  document.cookie = 'seen=' + location.pathname.replace(/\\W/g, '') + '; path=/';`;
  const paths = ['/', '/one', '/two', '/three'];
  const site: FixtureSite = (path) =>
    paths.includes(path)
      ? ok(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Visit ${path}</title></head><body><h1>Visit</h1><p>${prose(path, 230)}</p>${paths.map((href) => `<a href="${href}">Page ${href}</a>`).join(' ')}<script>${script}</script></body></html>`,
        )
      : undefined;
  // One context renders the four pages one after another.
  const outcome = await auditFixture(site, { render: { concurrency: 1 } });
  expect(outcome.render).toEqual({ rendered: 4, stopped: null });
  const h1 = (path: string) => outcome.nodes.find((node) => node.url === outcome.site.origin + path)?.page?.h1;
  for (const path of paths) expect(h1(path)).toEqual(['Found: nothing, nothing, nothing']);
});
