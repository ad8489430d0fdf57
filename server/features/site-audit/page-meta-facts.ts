import type { LinkFact, PageFacts } from '#server/lib/page-facts/facts.ts';
import { fragmentHash, LINK_POSITIONS, META_FLAGS, type CanonicalRef, type UrlStore } from './store.ts';

/** Fragment links and unsafe new-tab links kept per page; past these the rest are not judged. */
const MAX_FRAGMENT_LINKS = 50;
const MAX_BLANK_UNSAFE = 50;
const EMPTY_U32 = new Uint32Array(0);
const EMPTY_I32 = new Int32Array(0);

/**
 * A fragment a link can be judged by: not empty, not "#top" (the top of any page), not a script
 * route or state ("#!/x", "#/x", "#tab=2") and not a text fragment ("#:~:text=...").
 */
export function judgedFragment(href: string): string | null {
  const at = href.indexOf('#');
  if (at < 0) return null;
  let fragment = href.slice(at + 1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    return null;
  }
  if (!fragment || fragment.toLowerCase() === 'top' || /^[!/:]/.test(fragment) || fragment.includes('=')) return null;
  return fragment;
}

export const canonicalKey = (ref: CanonicalRef) =>
  ref.kind === 'internal'
    ? `#${ref.id}`
    : ref.kind === 'external'
      ? ref.url
      : ref.kind === 'invalid'
        ? `!${ref.raw}`
        : '';

/**
 * The page-meta facts of one page, collected beside the visitor's link loop: fragment links
 * (with the page's own ids, hashed), new-tab links to other sites without noopener, and one
 * number of flags for the social tags and the headers the page came with.
 */
export function createPageMetaCollector(store: UrlStore, selfId: number) {
  const fragmentLinks: number[] = [];
  const fragmentKeys = new Set<string>();
  const blankUnsafe: number[] = [];
  return {
    /** `url` is the normalised link target (null for a bare "#x"), `id` its node id (-1 when external). */
    link(link: LinkFact, url: string | null, id: number, externalTarget: number): void {
      const target = link.href.startsWith('#') ? selfId : id;
      if (target >= 0 && fragmentLinks.length < MAX_FRAGMENT_LINKS * 3) {
        const fragment = judgedFragment(link.href);
        const key = fragment === null ? '' : `${target}#${fragment}`;
        if (fragment !== null && !fragmentKeys.has(key)) {
          fragmentKeys.add(key);
          const cell = (store.anchorId(link.text) << 2) | LINK_POSITIONS.indexOf(link.position);
          fragmentLinks.push(target, store.anchorId(fragment), cell);
        }
      }
      if (
        url !== null &&
        id < 0 &&
        externalTarget < 0 &&
        link.targetBlank &&
        !/\bno(?:opener|referrer)\b/.test(link.rel) &&
        blankUnsafe.length < MAX_BLANK_UNSAFE &&
        !blankUnsafe.includes(externalTarget)
      )
        blankUnsafe.push(externalTarget);
    },
    finish(facts: PageFacts, headers: Record<string, string>, https: boolean) {
      const og = facts.openGraph;
      const twitter = facts.twitter;
      const card = (twitter['twitter:card'] ?? '').trim().toLowerCase();
      const flags =
        (og['og:title']?.trim() ? META_FLAGS.ogTitle : 0) |
        (og['og:type']?.trim() ? META_FLAGS.ogType : 0) |
        (og['og:image']?.trim() ? META_FLAGS.ogImage : 0) |
        (og['og:url']?.trim() ? META_FLAGS.ogUrl : 0) |
        (card ? META_FLAGS.twitterCard : 0) |
        (twitter['twitter:title']?.trim() ? META_FLAGS.twitterTitle : 0) |
        (twitter['twitter:image']?.trim() ? META_FLAGS.twitterImage : 0) |
        (card === 'summary_large_image' ? META_FLAGS.twitterLargeImage : 0) |
        (isCompressed(headers['content-encoding']) ? META_FLAGS.compressed : 0) |
        (https && /max-age\s*=\s*"?[1-9]/i.test(headers['strict-transport-security'] ?? '') ? META_FLAGS.hsts : 0) |
        (/^\s*nosniff\b/i.test(headers['x-content-type-options'] ?? '') ? META_FLAGS.nosniff : 0) |
        ((headers['content-security-policy'] ?? '').trim() || facts.metaCsp ? META_FLAGS.csp : 0) |
        ((headers['referrer-policy'] ?? '').trim() || facts.metaReferrer ? META_FLAGS.referrerPolicy : 0) |
        (facts.fragmentIdsOverCap ? META_FLAGS.idsOverCap : 0);
      let ids = EMPTY_U32;
      if (fragmentLinks.length > 0 || facts.fragmentIds.length > 0) {
        ids = Uint32Array.from(new Set(facts.fragmentIds.map(fragmentHash))).sort();
      }
      return {
        flags,
        fragmentIds: ids.length ? ids : EMPTY_U32,
        fragmentLinks: fragmentLinks.length ? Int32Array.from(fragmentLinks) : EMPTY_I32,
        blankUnsafe: blankUnsafe.length ? Int32Array.from(blankUnsafe) : EMPTY_I32,
      };
    },
  };
}

/** Any real Content-Encoding (gzip, br, deflate, zstd...); "identity" is none. */
function isCompressed(value: string | undefined): boolean {
  const encoding = (value ?? '').trim().toLowerCase();
  return encoding !== '' && encoding !== 'identity';
}

/** Flags of the canonical as written: relative, or on the other scheme than the page (same host). */
export function canonicalSpellingFlags(raw: string | null, resolved: string | null, pageUrl: string): number {
  if (raw === null) return 0;
  let flags = /^https?:\/\//i.test(raw.trim()) ? 0 : META_FLAGS.canonicalRelative;
  if (resolved !== null) {
    const target = new URL(resolved);
    const page = new URL(pageUrl);
    if (target.host === page.host && target.protocol !== page.protocol) flags |= META_FLAGS.canonicalSchemeSwitch;
  }
  return flags;
}
