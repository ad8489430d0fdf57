import { expect, test } from 'vitest';
import { auditPage, html } from '#test/fixtures/audit-pages.ts';
import type { FixtureSite } from '#test/fixtures/crawl-site.ts';
import { cleanDelivery } from '#test/fixtures/site-audit-page-meta.ts';
import { PAGE_META_ORIGIN, pageMetaSite, pageMetaSiteExpectation } from '#test/fixtures/site-audit-page-meta-site.ts';
import { createInMemoryFetcher } from '#test/helpers/in-memory-fetcher.ts';
import { issuePaths } from '#test/helpers/site-audit.ts';
import { pageMetaIssueTypes } from '#views/model/site-audit-checks/page-meta.ts';
import { runSiteAudit } from './audit.ts';

async function auditPageMetaSite() {
  const fetcher = createInMemoryFetcher(pageMetaSite, [PAGE_META_ORIGIN, 'http://meta.example']);
  const outcome = await runSiteAudit({ startUrl: `${PAGE_META_ORIGIN}/`, fetcher });
  return { outcome, fetcher, found: issuePaths(outcome, PAGE_META_ORIGIN) };
}

// TLS cannot be served on loopback without certificates, so the https checks run on a site answered from memory.
test('the page-meta planted site reports exactly the planted paths for every page-meta check', async () => {
  const { found } = await auditPageMetaSite();
  const actual = Object.fromEntries(pageMetaIssueTypes.map((type) => [type.type, found[type.type] ?? []]));
  expect(actual).toEqual(pageMetaSiteExpectation);
});

test('a canonical in the Link header feeds the canonical rules where the HTML names none', async () => {
  const { found } = await auditPageMetaSite();
  expect(found['canonical-to-non-200']).toEqual(['/header-canonical-gone']);
  expect(found['status-4xx']).toEqual(['/gone-canonical']);
});

test('link findings name each link: vague text, localhost, missing fragments, new-tab links', async () => {
  const { outcome } = await auditPageMetaSite();
  const links = (type: string) =>
    outcome.issues
      .filter((issue) => issue.type === type)
      .flatMap((issue) => issue.links ?? [])
      .map((ref) => [ref.source.slice(PAGE_META_ORIGIN.length), ref.target.replace(PAGE_META_ORIGIN, ''), ref.anchor]);
  expect(links('links-vague-text')).toEqual([
    ['/vague-links', '/about', 'click here'],
    ['/vague-links', '/about', 'Read More'],
    ['/vague-links', 'https://other.example/x', 'here'],
  ]);
  expect(links('links-to-localhost')).toEqual([
    ['/localhost-links', 'http://localhost:3000/admin', 'Admin'],
    ['/localhost-links', 'http://127.0.0.1/test', 'Test'],
  ]);
  expect(links('links-fragment-broken')).toEqual([
    ['/fragments', '/fragments#missing', 'Missing'],
    ['/fragments', '/fragment-target#nowhere', 'Nowhere'],
  ]);
  expect(links('links-target-blank-unsafe')).toEqual([['/blank-links', 'https://other.example/a', 'Other site']]);
  const detail = (type: string) => outcome.issues.find((issue) => issue.type === type)?.detail;
  expect(detail('csp-missing')).toBe('no Content-Security-Policy on 1 of 34 HTML pages');
  expect(detail('canonical-header-mismatch')).toBe(
    `HTML names ${PAGE_META_ORIGIN}/canonical-mismatch, the Link header ${PAGE_META_ORIGIN}/about`,
  );
});

test('a site on plain http is reported once, on its start page; server settings once for the site', async () => {
  const origin = 'http://plain.example';
  const site: FixtureSite = (path) => {
    if (path === '/robots.txt') return undefined;
    if (path === '/' || path === '/a' || path === '/b')
      return cleanDelivery(html(auditPage(path, { links: ['/a', '/b'] })), `${origin}${path}`, {
        bare: true,
        plain: true,
      });
    return undefined;
  };
  const outcome = await runSiteAudit({ startUrl: `${origin}/`, fetcher: createInMemoryFetcher(site, origin) });
  const found = issuePaths(outcome, origin);
  expect(found['site-on-http']).toEqual(['/']);
  for (const type of ['html-not-compressed', 'nosniff-missing', 'csp-missing', 'referrer-policy-missing'])
    expect(found[type]).toEqual(['/']);
  // HSTS means nothing over http.
  expect(found['hsts-missing']).toBeUndefined();
  expect(outcome.issues.find((issue) => issue.type === 'csp-missing')?.detail).toBe(
    `no Content-Security-Policy on 3 of 3 HTML pages, also ${origin}/a, ${origin}/b`,
  );
});
