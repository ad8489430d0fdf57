import { expect, test } from 'vitest';
import { auditPage, html } from '#test/fixtures/audit-pages.ts';
import type { FixtureSite } from '#test/fixtures/crawl-site.ts';
import { cleanDelivery } from '#test/fixtures/site-audit-page-meta.ts';
import { PAGE_META_ORIGIN, pageMetaSite, pageMetaSiteExpectation } from '#test/fixtures/site-audit-page-meta-site.ts';
import { createInMemoryFetcher } from '#test/helpers/in-memory-fetcher.ts';
import { issuePaths } from '#test/helpers/site-audit.ts';
import { pageMetaIssueTypes } from '#views/model/site-audit-checks/page-meta.ts';
import { extractPageFacts } from '#server/lib/page-facts/extract.ts';
import { MAX_FRAGMENT_IDS } from '#server/lib/page-facts/facts.ts';
import { canonicalFromLinkHeader } from '#server/lib/page-facts/link-header.ts';
import { runSiteAudit } from './audit.ts';
import { judgedFragment } from './page-meta-facts.ts';
import { isLoopbackHost } from './rules/page-meta-urls.ts';

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
  expect(detail('csp-missing')).toBe('no Content-Security-Policy on 1 of 35 HTML pages');
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

test('fragments judged, loopback hosts and the Link-header canonical are read as browsers read them', () => {
  expect(
    ['/a#x', '#caf%C3%A9', '#top', '#TOP', '#', '#!/app', '#/route', '#tab=2', '#:~:text=hello', '/a', '#%E0%A4%A'].map(
      judgedFragment,
    ),
  ).toEqual(['x', 'café', ...Array(9).fill(null)]);
  expect(['localhost', 'app.localhost', '127.0.0.1', '127.9.8.7', '[::1]', '0.0.0.0'].every(isLoopbackHost)).toBe(true);
  expect(['example.com', 'localhost.example.com', '10.0.0.1', '128.0.0.1'].some(isLoopbackHost)).toBe(false);
  expect(canonicalFromLinkHeader('<https://a.example/x.css>; rel="preload", </page>; rel=canonical')).toBe('/page');
});

test('the parser keeps ids, <a name> targets, new-tab links and the meta CSP and referrer, with the id cap', () => {
  const facts = extractPageFacts(
    `<head><meta http-equiv="Content-Security-Policy-Report-Only" content="x"><meta name="referrer" content="no-referrer"></head><body><h2 id="a">A</h2><a name="b"></a><a href="https://x.example/" target="_BLANK">X</a>${'<i id="n"></i>'.repeat(MAX_FRAGMENT_IDS)}</body>`,
  );
  expect(facts.fragmentIds.slice(0, 3)).toEqual(['a', 'b', 'n']);
  expect(facts.fragmentIds).toHaveLength(MAX_FRAGMENT_IDS);
  expect(facts.fragmentIdsOverCap).toBe(true);
  expect(facts.links.map((link) => link.targetBlank)).toEqual([true]);
  expect({ csp: facts.metaCsp, referrer: facts.metaReferrer }).toEqual({ csp: false, referrer: true });
});
