import {
  auditRule,
  describeStatus,
  isIndexable,
  isRedirect,
  listDetail,
  nodeRule,
  type Page,
  pageRule,
  pages,
  type Rule,
  type RuleContext,
  urls,
} from './context.ts';
import { isValidHreflang } from '#server/lib/page-facts/hreflang.ts';
import type { UrlNode } from '../store.ts';

/** The internal page a page names as canonical, when it is another URL. */
function canonicalTarget(c: RuleContext, node: Page): UrlNode | null {
  const canonical = node.page.canonical;
  return canonical.kind === 'internal' && canonical.id !== node.id ? c.nodes[canonical.id] : null;
}

function otherHreflangTargets(c: RuleContext, node: Page): UrlNode[] {
  return node.page.hreflang.filter((entry) => entry.id >= 0 && entry.id !== node.id).map((entry) => c.nodes[entry.id]);
}

/** Canonicals, sitemaps and hreflang: what tells search engines which URL to index. */
export const indexingRules: Record<string, Rule> = {
  'canonical-to-non-200': pageRule((c) =>
    pages(c).flatMap((n) => {
      const target = canonicalTarget(c, n);
      return target && target.status >= 300
        ? [{ url: n.url, detail: `canonical ${target.url} answers ${describeStatus(target)}` }]
        : [];
    }),
  ),
  'canonical-chain': pageRule((c) =>
    pages(c).flatMap((n) => {
      const target = canonicalTarget(c, n);
      if (!target?.page) return [];
      const next = target.page.canonical;
      if (next.kind === 'internal' && next.id !== target.id)
        return [{ url: n.url, detail: `canonical ${target.url} names ${c.nodes[next.id].url}` }];
      if (next.kind === 'external') return [{ url: n.url, detail: `canonical ${target.url} names ${next.url}` }];
      return [];
    }),
  ),
  'canonical-to-noindex': pageRule((c) =>
    pages(c).flatMap((n) => {
      const target = canonicalTarget(c, n);
      return target?.page?.noindex ? [{ url: n.url, detail: `canonical ${target.url} is noindex` }] : [];
    }),
  ),
  'canonical-multiple': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.canonicalTargets > 1)
      .map((n) => ({ url: n.url, detail: `${n.page.canonicalTargets} different canonical URLs` })),
  ),
  'canonical-invalid': pageRule((c) =>
    pages(c).flatMap((n) =>
      n.page.canonical.kind === 'invalid' ? [{ url: n.url, detail: `href="${n.page.canonical.raw}"` }] : [],
    ),
  ),
  'canonical-outside-head': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.canonicalOutsideHead)
      .map((n) => ({ url: n.url, detail: 'rel="canonical" in the <body>' })),
  ),
  'noindex-in-sitemap': pageRule((c) =>
    pages(c)
      .filter((n) => n.inSitemap && n.page.noindex)
      .map((n) => ({ url: n.url, detail: 'listed in the sitemap, marked noindex' })),
  ),
  'not-in-sitemap': pageRule((c) =>
    c.hasSitemap
      ? pages(c)
          .filter((n) => !n.inSitemap && c.depth[n.id] >= 0 && isIndexable(n))
          .map((n) => ({ url: n.url, detail: 'reached by links, not in the sitemap' }))
      : [],
  ),
  'non-canonical-in-sitemap': pageRule((c) =>
    pages(c).flatMap((n) => {
      if (!n.inSitemap) return [];
      const canonical = n.page.canonical;
      if (canonical.kind === 'internal' && canonical.id !== n.id)
        return [{ url: n.url, detail: `canonical is ${c.nodes[canonical.id].url}` }];
      return canonical.kind === 'external' ? [{ url: n.url, detail: `canonical is ${canonical.url}` }] : [];
    }),
  ),
  // A listed URL that answers an error is reported once, by its status (status-4xx, status-5xx), naming the sitemap.
  'sitemap-non-200': nodeRule((c) =>
    urls(c)
      .filter((n) => n.inSitemap && isRedirect(n))
      .map((n) => ({ url: n.url, detail: describeStatus(n) })),
  ),
  'sitemap-blocked': nodeRule((c) =>
    urls(c)
      .filter((n) => n.inSitemap && n.skipped === 'robots')
      .map((n) => ({ url: n.url, detail: 'disallowed by robots.txt' })),
  ),
  'sitemap-invalid': auditRule((c) =>
    c.sitemapFiles.filter((file) => !file.valid).map((file) => ({ url: file.url, detail: file.error ?? 'unreadable' })),
  ),
  'hreflang-invalid': pageRule((c) =>
    pages(c).flatMap((n) => {
      const bad = n.page.hreflang.filter((entry) => !isValidHreflang(entry.lang)).map((entry) => `"${entry.lang}"`);
      return bad.length ? [{ url: n.url, detail: `hreflang ${listDetail([...new Set(bad)])}` }] : [];
    }),
  ),
  'hreflang-missing-return': pageRule((c) =>
    pages(c).flatMap((n) => {
      const missing = otherHreflangTargets(c, n).filter(
        (target) => target.page && !target.page.hreflang.some((entry) => entry.id === n.id),
      );
      return missing.length
        ? [
            {
              url: n.url,
              detail: `no return link from ${listDetail([...new Set(missing.map((target) => target.url))])}`,
            },
          ]
        : [];
    }),
  ),
  'hreflang-to-non-200': pageRule((c) =>
    pages(c).flatMap((n) => {
      const bad = otherHreflangTargets(c, n).filter((target) => target.status >= 300);
      return bad.length
        ? [
            {
              url: n.url,
              detail: `alternate ${listDetail([...new Set(bad.map((target) => `${target.url} (${describeStatus(target)})`))])}`,
            },
          ]
        : [];
    }),
  ),
  'hreflang-self-missing': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.hreflang.length > 0 && !n.page.hreflang.some((entry) => entry.id === n.id))
      .map((n) => ({ url: n.url, detail: 'the page is not among its hreflang alternates' })),
  ),
};
