import { DESCRIPTION_MIN_CHARS, TITLE_MIN_CHARS, VAGUE_ANCHORS } from '#server/lib/page-facts/seo-limits.ts';
import { LINK_POSITIONS, META_FLAGS } from '../store.ts';
import {
  isIndexable,
  listDetail,
  listDetailOf,
  type Page,
  pageRule,
  pages,
  type Rule,
  type RuleContext,
  siteRule,
} from './context.ts';
import type { LinkRef } from './link-refs.ts';
import { pageMetaUrlRules, siteSettingRule } from './page-meta-urls.ts';

const chars = (text: string) => [...text].length;

/** The canonical target's detail: the first pages naming it (sorted) and how many do. */
export function canonicalTargetDetail(first: readonly string[], count: number): string {
  return `named canonical by ${listDetailOf(first, count, CANONICAL_SOURCES_NAMED)}; no crawled page links to it`;
}

/** Pages a canonical-target-no-links detail names. */
export const CANONICAL_SOURCES_NAMED = 3;
/**
 * Detail lines repeat across thousands of pages ("12 characters"): one string each, not one per
 * finding (20,000 findings of a site-wide template problem would otherwise cost megabytes).
 */
function sharedDetails() {
  const seen = new Map<string, string>();
  return (text: string) => {
    const known = seen.get(text);
    if (known !== undefined) return known;
    seen.set(text, text);
    return text;
  };
}
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const has = (n: Page, flag: number) => (n.page.metaFlags & flag) !== 0;

const OG_REQUIRED: Array<[string, number]> = [
  ['og:title', META_FLAGS.ogTitle],
  ['og:type', META_FLAGS.ogType],
  ['og:image', META_FLAGS.ogImage],
  ['og:url', META_FLAGS.ogUrl],
];

/** The links of a page whose anchor text passes `test`, named source → target → anchor → position. */
export function linksWithAnchor(c: RuleContext, n: Page, test: (anchor: string) => boolean): LinkRef[] {
  const refs: LinkRef[] = [];
  const cells = n.page.outlinks;
  for (let at = 0; at < cells.length; at += 2) {
    const anchor = c.strings.anchors[cells[at + 1] >> 2];
    if (!test(anchor)) continue;
    const target = cells[at];
    refs.push({
      source: n.url,
      target: target >= 0 ? c.nodes[target].url : c.strings.externals[-1 - target],
      anchor,
      position: LINK_POSITIONS[cells[at + 1] & 3],
    });
  }
  return refs;
}

/** Title and description lengths, social tags, compression, link text and canonical spelling. */
export const pageMetaRules: Record<string, Rule> = {
  'title-too-short': pageRule((c) => {
    const detail = sharedDetails();
    return pages(c)
      .filter((n) => n.page.title && chars(n.page.title) < TITLE_MIN_CHARS)
      .map((n) => ({ url: n.url, detail: detail(`${chars(n.page.title!)} characters`) }));
  }),
  'description-too-short': pageRule((c) => {
    const detail = sharedDetails();
    return pages(c)
      .filter((n) => n.page.description && chars(n.page.description) < DESCRIPTION_MIN_CHARS)
      .map((n) => ({ url: n.url, detail: detail(`${chars(n.page.description!)} characters`) }));
  }),
  'og-missing': pageRule((c) =>
    pages(c)
      .filter((n) => isIndexable(n) && OG_REQUIRED.every(([, flag]) => !has(n, flag)))
      .map((n) => ({ url: n.url, detail: 'no og:title, og:type, og:image or og:url' })),
  ),
  'og-incomplete': pageRule((c) => {
    const detail = sharedDetails();
    return pages(c).flatMap((n) => {
      const missing = OG_REQUIRED.filter(([, flag]) => !has(n, flag)).map(([name]) => name);
      return isIndexable(n) && missing.length > 0 && missing.length < OG_REQUIRED.length
        ? [{ url: n.url, detail: detail(`missing ${missing.join(', ')}`) }]
        : [];
    });
  }),
  'twitter-card-missing': pageRule((c) =>
    pages(c)
      .filter((n) => isIndexable(n) && !has(n, META_FLAGS.twitterCard))
      .map((n) => ({ url: n.url, detail: 'no twitter:card' })),
  ),
  'twitter-card-incomplete': pageRule((c) => {
    const detail = sharedDetails();
    return pages(c).flatMap((n) => {
      if (!isIndexable(n) || !has(n, META_FLAGS.twitterCard)) return [];
      const missing: string[] = [];
      if (!has(n, META_FLAGS.twitterTitle) && !has(n, META_FLAGS.ogTitle)) missing.push('a title');
      if (has(n, META_FLAGS.twitterLargeImage) && !has(n, META_FLAGS.twitterImage) && !has(n, META_FLAGS.ogImage))
        missing.push('the image a summary_large_image card shows');
      return missing.length
        ? [{ url: n.url, detail: detail(`no ${missing.join(' and no ')} (twitter: or og: tags)`) }]
        : [];
    });
  }),
  'html-not-compressed': siteSettingRule('html-not-compressed'),
  'links-vague-text': pageRule((c) =>
    pages(c).flatMap((n) => {
      const refs = linksWithAnchor(c, n, (anchor) => VAGUE_ANCHORS.has(anchor.trim().toLowerCase()));
      if (refs.length === 0) return [];
      const texts = [...new Set(refs.map((ref) => `"${ref.anchor}"`))];
      return [{ url: n.url, detail: `${plural(refs.length, 'link')} with text ${listDetail(texts, 3)}`, links: refs }];
    }),
  ),
  'canonical-header-mismatch': pageRule((c) =>
    pages(c).flatMap((n) => {
      const header = n.page.canonicalHeader;
      if (!header) return [];
      const name = (ref: typeof header) =>
        ref.kind === 'internal'
          ? c.nodes[ref.id].url
          : ref.kind === 'external'
            ? ref.url
            : ref.kind === 'invalid'
              ? ref.raw
              : '';
      return [{ url: n.url, detail: `HTML names ${name(n.page.canonical)}, the Link header ${name(header)}` }];
    }),
  ),
  'canonical-missing': pageRule((c) =>
    pages(c)
      .filter((n) => !n.page.noindex && n.page.canonical.kind === 'none')
      .map((n) => ({ url: n.url, detail: 'no canonical link or Link header' })),
  ),
  'canonical-relative': pageRule((c) =>
    pages(c)
      .filter((n) => has(n, META_FLAGS.canonicalRelative))
      .map((n) => ({
        url: n.url,
        detail: has(n, META_FLAGS.canonicalFromHeader) ? 'relative canonical in the Link header' : 'relative canonical',
      })),
  ),
  'canonical-scheme-switch': pageRule((c) =>
    pages(c)
      .filter((n) => has(n, META_FLAGS.canonicalSchemeSwitch))
      .map((n) => ({
        url: n.url,
        detail: n.url.startsWith('https:')
          ? 'an https page with an http canonical'
          : 'an http page with an https canonical',
      })),
  ),
  'canonical-target-no-links': siteRule((c) => {
    const namedBy = new Map<number, string[]>();
    for (const n of pages(c)) {
      const ref = n.page.canonical;
      if (ref.kind !== 'internal' || ref.id === n.id) continue;
      const list = namedBy.get(ref.id);
      if (list) list.push(n.url);
      else namedBy.set(ref.id, [n.url]);
    }
    return [...namedBy]
      .filter(([id]) => c.nodes[id].page !== null && c.inlinks[id] === 0)
      .map(([id, sources]) => ({
        url: c.nodes[id].url,
        detail: canonicalTargetDetail(sources.sort(), sources.length),
      }));
  }),
  ...pageMetaUrlRules,
};
