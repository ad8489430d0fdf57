import { expect, test } from 'vitest';
import { prose } from '#test/fixtures/audit-pages.ts';
import { ok, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { auditFixture, issuePaths } from '#test/helpers/site-audit.ts';

/*
 * What a rendered page shows that its raw HTML cannot: links a crawler cannot follow (in the DOM the
 * scripts built), and the data requests that failed, with what the page logged about them.
 */

const page = (path: string, body: string, script = '') =>
  ok(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${path}</title></head><body><h1>Page ${path}</h1><p>${prose(path, 230)}</p>${body}<script>${script}</script></body></html>`,
  );

// Links a crawler follows, and elements that are not links at all: none of these is reported.
const FINE = [
  '<a href="/links">Links</a>',
  '<a href="/data">Data</a>',
  '<a href="/blocked">Blocked</a>',
  '<a href="/links" onclick="track()">Tracked but real</a>',
  '<a href="mailto:shop@example.com">Mail</a>',
  '<a id="top"></a><a name="section"></a><a role="button">Menu</a>',
  '<button onclick="toggle()">Toggle</button>',
].join(' ');

// The script writes the uncrawlable links, so only the rendered DOM has them.
const UNCRAWLABLE = `document.body.insertAdjacentHTML('beforeend',
  '<nav><a class="shop">Shop</a> <a href="javascript:void(0)">Open</a> <span data-href="/deals">Deals</span> ' +
  '<div onclick="location.href = \\'/contact\\'">Contact</div></nav>');
function track() {} function toggle() {}`;

const DATA = `fetch('/api/data').then((res) => { if (!res.ok) throw new Error('Could not load the page data: HTTP ' + res.status); })
  .catch((error) => console.error(error.message));`;
const BLOCKED = `fetch('/private/data.json').catch(() => console.error('The offers could not be loaded'));`;

const site: FixtureSite = (path) => {
  if (path === '/robots.txt')
    return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private/\n' };
  if (path === '/api/data') return { status: 503, headers: { 'content-type': 'application/json' }, body: '{}' };
  if (path === '/') return page(path, FINE);
  if (path === '/links') return page(path, FINE, UNCRAWLABLE);
  if (path === '/data') return page(path, FINE, DATA);
  if (path === '/blocked') return page(path, FINE, BLOCKED);
  return undefined;
};

test('links a crawler cannot follow and failed data requests are reported per rendered page, with the element and the console error', async () => {
  const outcome = await auditFixture(site, { render: {} });
  const origin = outcome.site.origin;
  const found = issuePaths(outcome, origin);
  expect([found['links-not-crawlable'], found['data-request-failed'], found['failed-resources-rendered']]).toEqual([
    ['/links'],
    ['/blocked', '/data'],
    undefined,
  ]);
  const detail = (type: string, path: string) =>
    outcome.issues.find((issue) => issue.type === type && issue.url === origin + path)?.detail;
  expect(detail('links-not-crawlable', '/links')).toBe(
    '4 links a crawler cannot follow: no href: <a class="shop">Shop</a> | javascript: URL: <a href="javascript:void(0)">Open</a> | navigation only in a script: <span data-href="/deals">Deals</span> and 1 more',
  );
  expect(outcome.nodes.find((node) => node.url === `${origin}/links`)?.page?.render?.uncrawlable?.count).toBe(4);
  expect(detail('data-request-failed', '/data')).toBe(
    `1 failed data requests: HTTP 503: ${origin}/api/data; console: Could not load the page data: HTTP 503`,
  );
  expect(detail('data-request-failed', '/blocked')).toBe(
    `1 failed data requests: blocked by robots.txt: ${origin}/private/data.json; console: The offers could not be loaded`,
  );
});
