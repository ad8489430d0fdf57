import { DOM_MAX_ELEMENTS, ROBOTS_FLAGS as F, type PaginationRef } from '../indexing-content-record.ts';
import type { UrlNode } from '../store.ts';
import {
  auditRule,
  describeStatus,
  type Finding,
  isRedirect,
  listDetail,
  nodeRule,
  type Page,
  pageRule,
  pages,
  type Rule,
  type RuleContext,
  type RuleFunction,
  siteRule,
  urls,
} from './context.ts';

/** Visible words from which a page is long enough to need H2 subheadings. */
export const H2_MIN_WORDS = 300;

/** A title or H1 that says the page was not found (a number 404 alone, as in a path or a count, is not enough). */
const NOT_FOUND = [
  /^\s*(?:error\s*)?404\b/i,
  /\b(?:error|http)\s*404\b/i,
  /\b404\s*(?:error|page|not\s+found)\b/i,
  /^\s*not\s+found\b/i,
  /\b(?:page|url|file)\s+(?:was\s+)?not\s+found\b/i,
  /\b(?:page|url)\s+(?:does\s+not|doesn['’]t|no\s+longer)\s+exists?\b/i,
  /\b(?:this|that)\s+page\s+(?:could\s+not|couldn['’]t|cannot|can['’]t)\s+be\s+found\b/i,
];
const saysNotFound = (text: string) => NOT_FOUND.some((pattern) => pattern.test(text));

const SAME_TITLE_DETAIL = 'the <title> and the H1 are the same text';

const has = (node: Page, flag: number) => (node.page.indexing.robotsFlags & flag) !== 0;

function withFlag(flag: number, label: string): RuleFunction {
  return (c) =>
    pages(c)
      .filter((n) => has(n, flag))
      .map((n) => ({ url: n.url, detail: `${label} in the robots meta tag or X-Robots-Tag header` }));
}

function noindexSource(node: Page): string {
  const meta = has(node, F.metaNoindex);
  const header = has(node, F.headerNoindex);
  if (meta && header) return 'noindex in the robots meta tag and the X-Robots-Tag header';
  return header ? 'noindex in the X-Robots-Tag header' : 'noindex in the robots meta tag';
}

function conflicts(node: Page): string[] {
  const found: string[] = [];
  if (has(node, F.metaNoindex) && has(node, F.headerIndex)) found.push('meta tag noindex, header index');
  if (has(node, F.headerNoindex) && has(node, F.metaIndex)) found.push('header noindex, meta tag index');
  if (has(node, F.metaNofollow) && has(node, F.headerFollow)) found.push('meta tag nofollow, header follow');
  if (has(node, F.headerNofollow) && has(node, F.metaFollow)) found.push('header nofollow, meta tag follow');
  return found;
}

/** Internal pages a page's pagination links point at. */
function paginationTargets(c: RuleContext, node: Page): Array<{ ref: PaginationRef; target: UrlNode }> {
  return node.page.indexing.pagination.filter((ref) => ref.id >= 0).map((ref) => ({ ref, target: c.nodes[ref.id] }));
}

function paginationRule(c: RuleContext, bad: (target: UrlNode) => string | null): Finding[] {
  return pages(c).flatMap((n) => {
    const found = paginationTargets(c, n).flatMap(({ ref, target }) => {
      const why = bad(target);
      return why ? [`rel="${ref.rel}" ${target.url} ${why}`] : [];
    });
    return found.length ? [{ url: n.url, detail: listDetail(found, 2) }] : [];
  });
}

/** Internal hreflang alternates other than the page itself. */
function alternates(c: RuleContext, node: Page): UrlNode[] {
  const ids = new Set(node.page.hreflang.filter((entry) => entry.id >= 0 && entry.id !== node.id).map((e) => e.id));
  return [...ids].map((id) => c.nodes[id]);
}

function alternateRule(c: RuleContext, bad: (target: UrlNode) => string | null): Finding[] {
  return pages(c).flatMap((n) => {
    const found = alternates(c, n).flatMap((target) => {
      const why = bad(target);
      return why ? [`${target.url} ${why}`] : [];
    });
    return found.length ? [{ url: n.url, detail: `alternate ${listDetail(found, 3)}` }] : [];
  });
}

const primaryLanguage = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0];
const isXDefault = (lang: string) => lang.trim().toLowerCase() === 'x-default';

/** Links and references to each node from crawled pages, other than <a> links (canonical, hreflang, image, pagination). */
function referenced(c: RuleContext): Uint8Array {
  const seen = new Uint8Array(c.nodes.length);
  for (const node of c.nodes) {
    if (node.redirectTo >= 0 && node.redirectTo !== node.id) seen[node.redirectTo] = 1;
    const page = node.page;
    if (!page) continue;
    if (page.canonical.kind === 'internal') seen[page.canonical.id] = 1;
    for (const entry of page.hreflang) if (entry.id >= 0) seen[entry.id] = 1;
    for (const id of page.images) seen[id] = 1;
    // Scripts and stylesheets pages load are referenced too (resources group; other sites' are < 0).
    for (const id of [...page.scripts, ...page.stylesheets]) if (id >= 0) seen[id] = 1;
    for (const ref of page.indexing.pagination) if (ref.id >= 0) seen[ref.id] = 1;
  }
  return seen;
}

/** Rules of the "indexing-content" checks (catalogue: views/model/site-audit-checks/indexing-content.ts). */
export const indexingContentRules: Record<string, Rule> = {
  'noindex-page': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.noindex)
      .map((n) => ({ url: n.url, detail: noindexSource(n) })),
  ),
  'robots-directives-repeated': pageRule((c) =>
    pages(c).flatMap((n) => {
      const both = [
        has(n, F.metaNoindex) && has(n, F.headerNoindex) ? 'noindex' : '',
        has(n, F.metaNofollow) && has(n, F.headerNofollow) ? 'nofollow' : '',
      ].filter(Boolean);
      return both.length
        ? [{ url: n.url, detail: `${both.join(' and ')} in both the meta tag and the X-Robots-Tag header` }]
        : [];
    }),
  ),
  'robots-directives-conflict': pageRule((c) =>
    pages(c).flatMap((n) => {
      const found = conflicts(n);
      return found.length ? [{ url: n.url, detail: found.join('; ') }] : [];
    }),
  ),
  'robots-nosnippet': pageRule(withFlag(F.nosnippet, 'nosnippet or max-snippet:0')),
  'robots-noarchive': pageRule(withFlag(F.noarchive, 'noarchive or nocache')),
  'robots-notranslate': pageRule(withFlag(F.notranslate, 'notranslate')),
  'robots-noimageindex': pageRule(withFlag(F.noimageindex, 'noimageindex')),
  'nofollow-inlinks-only': siteRule((c) => {
    const followed = new Int32Array(c.nodes.length);
    const nofollowed = new Int32Array(c.nodes.length);
    const redirected = new Uint8Array(c.nodes.length);
    for (const node of c.nodes) {
      if (node.redirectTo >= 0) redirected[node.redirectTo] = 1;
      const page = node.page;
      if (!page) continue;
      // Almost every page has no nofollow-only link: no set for those.
      const only = page.indexing.nofollowOnlyLinks.length ? new Set(page.indexing.nofollowOnlyLinks) : null;
      for (const id of page.links) {
        if (page.nofollow || only?.has(id)) nofollowed[id] += 1;
        else followed[id] += 1;
      }
    }
    return pages(c)
      .filter((n) => !n.start && nofollowed[n.id] > 0 && followed[n.id] === 0 && !redirected[n.id])
      .map((n) => ({
        url: n.url,
        detail: `linked from ${nofollowed[n.id]} page${nofollowed[n.id] === 1 ? '' : 's'}, always with nofollow`,
      }));
  }),
  'redirect-no-inlinks': siteRule((c) => {
    const seen = referenced(c);
    return c.nodes
      .filter((n) => isRedirect(n) && !n.start && c.inlinks[n.id] === 0 && !seen[n.id])
      .map((n) => ({
        url: n.url,
        detail: n.inSitemap ? 'listed in the sitemap; no page links to it' : 'no page links to it',
      }));
  }),
  'robots-txt-unreachable': auditRule((c) => {
    const robots = c.robots;
    if (!robots || robots.policy.source !== 'unavailable') return [];
    const { status, error } = robots.policy;
    return [{ url: robots.url, detail: status ? `HTTP ${status}` : (error ?? 'could not be fetched') }];
  }),
  'robots-txt-invalid': auditRule((c) => {
    const problems = c.robots?.policy.problems;
    if (!problems) return [];
    const found: string[] = [];
    if (problems.notText) found.push('an HTML page or binary file, not plain text');
    const { count, first } = problems.invalidLines;
    if (first)
      found.push(
        `${count} line${count === 1 ? '' : 's'} not understood, first line ${first.line}: "${first.text.slice(0, 80)}"`,
      );
    return found.length ? [{ url: c.robots!.url, detail: found.join('; ') }] : [];
  }),
  'heading-order-skipped': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.indexing.headingSkip)
      .map((n) => ({ url: n.url, detail: n.page.indexing.headingSkip! })),
  ),
  'h2-missing': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.words >= H2_MIN_WORDS && !n.page.indexing.hasH2)
      .map((n) => ({ url: n.url, detail: `${n.page.words} words, no <h2>` })),
  ),
  'title-same-as-h1': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.title && n.page.h1.includes(n.page.title))
      // One shared detail line: the title is in the page's facts, and a site may have this on every page.
      .map((n) => ({ url: n.url, detail: SAME_TITLE_DETAIL })),
  ),
  'placeholder-text': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.indexing.placeholderText)
      .map((n) => ({ url: n.url, detail: '"lorem ipsum" in the visible text' })),
  ),
  'dom-too-large': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.indexing.elements > DOM_MAX_ELEMENTS)
      .map((n) => ({ url: n.url, detail: `${n.page.indexing.elements.toLocaleString('en')} elements` })),
  ),
  'duplicate-ids': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.indexing.duplicateIds)
      .map((n) => ({ url: n.url, detail: `id ${n.page.indexing.duplicateIds!} used more than once` })),
  ),
  'content-type-wrong': nodeRule((c) =>
    urls(c)
      .filter((n) => n.htmlMislabelled)
      .map((n) => ({
        url: n.url,
        detail: n.contentType ? `HTML served as ${n.contentType.slice(0, 100)}` : 'HTML served without a Content-Type',
      })),
  ),
  'charset-missing': pageRule((c) =>
    pages(c)
      .filter((n) => !n.page.indexing.charsetDeclared)
      .map((n) => ({ url: n.url, detail: 'no charset in the Content-Type header or a <meta>' })),
  ),
  'soft-404': pageRule((c) =>
    pages(c).flatMap((n) => {
      const said = [n.page.title, n.page.h1[0]].find((text) => text && saysNotFound(text));
      return said ? [{ url: n.url, detail: `answers 200 but says "${said.slice(0, 100)}"` }] : [];
    }),
  ),
  'pagination-invalid': pageRule((c) =>
    pages(c).flatMap((n) => {
      const bad = n.page.indexing.pagination.filter((ref) => ref.invalid !== null);
      return bad.length
        ? [
            {
              url: n.url,
              detail: listDetail(
                bad.map((ref) => `rel="${ref.rel}" href="${ref.invalid}"`),
                2,
              ),
            },
          ]
        : [];
    }),
  ),
  'pagination-to-non-200': pageRule((c) =>
    paginationRule(c, (target) =>
      isRedirect(target) || target.status >= 400 || target.error ? `answers ${describeStatus(target)}` : null,
    ),
  ),
  'pagination-to-noindex': pageRule((c) => paginationRule(c, (target) => (target.page?.noindex ? 'is noindex' : null))),
  'hreflang-x-default-missing': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.hreflang.length > 0 && !n.page.hreflang.some((entry) => isXDefault(entry.lang)))
      .map((n) => ({ url: n.url, detail: `${n.page.hreflang.length} hreflang alternates, no x-default` })),
  ),
  'hreflang-to-non-canonical': pageRule((c) =>
    alternateRule(c, (target) => {
      const canonical = target.page?.canonical;
      if (canonical?.kind === 'internal' && canonical.id !== target.id)
        return `names ${c.nodes[canonical.id].url} as canonical`;
      return canonical?.kind === 'external' ? `names ${canonical.url} as canonical` : null;
    }),
  ),
  'hreflang-to-noindex': pageRule((c) => alternateRule(c, (target) => (target.page?.noindex ? 'is noindex' : null))),
  'hreflang-relative': pageRule((c) =>
    pages(c)
      .filter((n) => n.page.indexing.hreflangRelative > 0)
      .map((n) => ({
        url: n.url,
        detail: `${n.page.indexing.hreflangRelative} hreflang href${n.page.indexing.hreflangRelative === 1 ? '' : 's'} without scheme and host`,
      })),
  ),
  'hreflang-lang-mismatch': pageRule((c) =>
    pages(c).flatMap((n) => {
      if (!n.page.lang) return [];
      const own = primaryLanguage(n.page.lang);
      const selves = n.page.hreflang.filter((entry) => entry.id === n.id && !isXDefault(entry.lang));
      // A page named for several languages is the next rule's problem when one of them matches.
      const self = selves.some((entry) => primaryLanguage(entry.lang) === own) ? undefined : selves[0];
      return self ? [{ url: n.url, detail: `hreflang "${self.lang}" for itself, <html lang="${n.page.lang}">` }] : [];
    }),
  ),
  'hreflang-multiple-languages': pageRule((c) =>
    pages(c).flatMap((n) => {
      const byTarget = new Map<number, Set<string>>();
      for (const entry of n.page.hreflang) {
        if (entry.id < 0 || isXDefault(entry.lang)) continue;
        const langs = byTarget.get(entry.id) ?? new Set<string>();
        langs.add(primaryLanguage(entry.lang));
        byTarget.set(entry.id, langs);
      }
      const shared = [...byTarget].filter(([, langs]) => langs.size > 1);
      return shared.length
        ? [
            {
              url: n.url,
              detail: listDetail(
                shared.map(([id, langs]) => `${c.nodes[id].url} for ${[...langs].join(', ')}`),
                2,
              ),
            },
          ]
        : [];
    }),
  ),
};
