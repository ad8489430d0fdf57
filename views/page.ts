import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import type { Business } from './business.ts';

export interface FaqEntry {
  question: string;
  answer: string;
}

/**
 * A head field that names the business (a title with the brand, an FAQ answer): a plain value, or a
 * function of the operator's profile, resolved when the page renders.
 */
export type ForBusiness<T> = T | ((business: Business) => T);

export function forBusiness<T>(value: ForBusiness<T>, business: Business): T {
  return typeof value === 'function' ? (value as (business: Business) => T)(business) : value;
}

/**
 * One entry of the route table. The same object drives the router, the <head>, the header and
 * footer labels, the redirect map (aliases), /sitemap.xml and the route smoke tests.
 */
export interface PageDef {
  /** Canonical path, e.g. `/comma-separator-tool`. Matched case-sensitively. */
  path: string;
  /** The document <title>. Unique across the site. */
  title: ForBusiness<string>;
  /** Meta description. Unique across the site. */
  description: ForBusiness<string>;
  keywords?: ForBusiness<string>;
  /** Short label for the header/footer menus. */
  navLabel: string;
  /** Rendered by the page and published as FAQPage JSON-LD. */
  faq?: ForBusiness<FaqEntry[]>;
  /** Extra JSON-LD objects (e.g. LocalBusiness); FAQPage is added from `faq`. */
  jsonLd?: ForBusiness<Record<string, unknown>[]>;
  /** Old or alternative spellings that answer 301 to `path`. */
  aliases?: string[];
  Component: ComponentType;
  loader?: LoaderFunction;
  /**
   * Whether the rendered bytes may be cached in memory (default true: the page is a pure
   * function of the build and its declared query parameters). A page whose output depends on
   * request headers (Accept-Language, cookies) must say `cache: false`.
   */
  cache?: boolean;
  /**
   * Query parameters the page reads (its loader sees only these; anything else, such as utm_*,
   * gclid or fbclid, is dropped before rendering and does not bypass the cache). A request with
   * one of these renders fresh unless it is also in `cacheQuery`.
   */
  query?: string[];
  /** Parameters the page reads whose values are few enough to cache (e.g. `page`). */
  cacheQuery?: string[];
  /** Open Graph type; `website` by default. */
  ogType?: string;
  /** Left out of /sitemap.xml when false. */
  inSitemap?: boolean;
  /** The robots meta directive; `index, follow` when unset (shareable reports are noindex). */
  robots?: string;
}

export function definePage(page: PageDef): PageDef {
  return page;
}

/** The page's head fields for this business: every ForBusiness field resolved. */
export function resolvePage(page: PageDef, business: Business) {
  return {
    ...page,
    title: forBusiness(page.title, business),
    description: forBusiness(page.description, business),
    keywords: page.keywords && forBusiness(page.keywords, business),
    faq: page.faq && forBusiness(page.faq, business),
    jsonLd: page.jsonLd && forBusiness(page.jsonLd, business),
  };
}
