import { expect, test } from 'vitest';
import { auditPage, html, moved } from '#test/fixtures/audit-pages.ts';
import type { FixtureSite } from '#test/fixtures/crawl-site.ts';
import { cleanSite } from '#test/fixtures/site-audit-clean-site.ts';
import { cleanDelivery } from '#test/fixtures/site-audit-page-meta.ts';
import { auditFixture, issuePaths } from '#test/helpers/site-audit.ts';

/** The clean site, whose sitemap also lists a missing page, a failing one, a redirect and a page nothing links to. */
const site: FixtureSite = (path, origin) => {
  if (path === '/sitemap-index.xml') {
    const listed = ['/', '/about', '/gone', '/down', '/moved', '/lonely'];
    return {
      status: 200,
      headers: { 'content-type': 'application/xml' },
      body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${listed.map((page) => `<url><loc>${origin}${page}</loc></url>`).join('')}</urlset>`,
    };
  }
  if (path === '/down') return { status: 503, headers: { 'content-type': 'text/html' }, body: 'down' };
  if (path === '/moved') return moved('/about');
  if (path === '/lonely')
    return cleanDelivery(html(auditPage('/lonely', { title: 'A page only the sitemap lists' })), `${origin}/lonely`);
  return cleanSite(path, origin);
};

test('a sitemap URL that answers an error is reported once, for its status, and is not an orphan page', async () => {
  const outcome = await auditFixture(site);
  const origin = outcome.site.origin;
  const found = issuePaths(outcome, origin);
  expect({
    'status-4xx': found['status-4xx'],
    'status-5xx': found['status-5xx'],
    'sitemap-non-200': found['sitemap-non-200'],
    orphan: found.orphan,
  }).toEqual({
    'status-4xx': ['/gone'],
    'status-5xx': ['/down'],
    'sitemap-non-200': ['/moved'],
    orphan: ['/lonely'],
  });
  const failing = outcome.issues.filter((issue) => [`${origin}/gone`, `${origin}/down`].includes(issue.url));
  expect(failing.map((issue) => [issue.url.slice(origin.length), issue.type, issue.detail])).toEqual([
    ['/gone', 'status-4xx', 'HTTP 404; listed in the sitemap'],
    ['/down', 'status-5xx', 'HTTP 503; listed in the sitemap'],
  ]);
});
