// What one pass over a page's HTML collects (extract.ts); the audit, index, mobile and site-audit checks read it.
import type { TextFingerprint } from './text-fingerprint.ts';

/**
 * Links read from one page, by every parser (page facts and the crawler's page reader); the rest
 * are counted in `linksOverCap`. Every link read costs a crawl a URL parse, a robots.txt check and
 * a graph entry, so a page of 100,000 links must not cost 100,000 of them.
 */
export const MAX_LINKS_PER_PAGE = 5000;

export interface ImageFact {
  src: string;
  /** null when the attribute is missing; "" is a deliberate decorative image. */
  alt: string | null;
  width: string | null;
  height: string | null;
  srcset: boolean;
}

/** Where on the page a link sits: site navigation (`<nav>`, the page `<header>`), the footer, or the content. */
export type LinkPosition = 'navigation' | 'footer' | 'content';

export interface LinkFact {
  href: string;
  text: string;
  rel: string;
  position: LinkPosition;
}

export interface ScriptFact {
  src: string | null;
  inHead: boolean;
  blocking: boolean;
}

export interface StylesheetFact {
  href: string;
  media: string;
  inHead: boolean;
}

export interface CanonicalFact {
  href: string;
  inHead: boolean;
}

export interface HreflangFact {
  /** The hreflang value as written (trimmed). */
  lang: string;
  href: string;
}

export interface FormFact {
  /** Raw action attribute; null when absent (the form posts to the page itself). */
  action: string | null;
}

export interface PageFacts {
  title: string | null;
  /** <title> elements in the document (outside SVG). */
  titleCount: number;
  metaDescription: string | null;
  descriptionCount: number;
  /** Directives from <meta name="robots"> and <meta name="googlebot">, lower-case. */
  metaRobots: string[];
  canonical: string | null;
  /** Every <link rel="canonical"> with an href, in document order. */
  canonicals: CanonicalFact[];
  /** Raw href of the first <base>; relative links resolve against it. */
  baseHref: string | null;
  lang: string | null;
  viewport: string | null;
  metaRefresh: string | null;
  favicon: boolean;
  openGraph: Record<string, string>;
  twitter: Record<string, string>;
  h1: string[];
  h2: string[];
  images: ImageFact[];
  links: LinkFact[];
  /** `<a href>`/`<area href>` past MAX_LINKS_PER_PAGE: counted, not read. */
  linksOverCap: number;
  hreflang: HreflangFact[];
  forms: FormFact[];
  /** Sub-resources (img, script, stylesheet, iframe, media) requested with a literal http:// URL. */
  insecureResources: string[];
  scripts: ScriptFact[];
  stylesheets: StylesheetFact[];
  /** Text of <style> elements, capped in total size. */
  styleBlocks: string[];
  /** Inline style="" attributes with their tag name, capped in count. */
  styleAttributes: Array<{ tag: string; style: string }>;
  /** width="" attributes on layout elements (table, td, div, iframe, img). */
  widthAttributes: Array<{ tag: string; width: string }>;
  plugins: Array<{ tag: string; type: string }>;
  jsonLdTypes: string[];
  jsonLdInvalid: number;
  /**
   * Only with `structuredData: true`: the page's JSON-LD blocks as parsed and its microdata/RDFa
   * items shaped like JSON-LD (server/lib/structured-data), capped in count.
   */
  structuredData?: unknown[];
  /** Words of visible body text (outside head, scripts, styles, templates, SVG and hidden elements). */
  wordCount: number;
  /** Only with `fingerprint: true`: hashes of the visible body text. */
  text?: TextFingerprint;
  // Indexing and markup checks (site audit "indexing-content" group): counts and capped strings only.
  /** Elements in the document (every start tag). */
  elementCount: number;
  /** Distinct id values used more than once, and the first few of them (each capped). */
  duplicateIdCount: number;
  duplicateIds: string[];
  /** Headings more than one level deeper than the heading before them, and the first such step ("h1 → h3"). */
  headingSkips: number;
  firstHeadingSkip: string | null;
  /** "Lorem ipsum" found in the visible text. */
  placeholderText: boolean;
  /** <meta charset> or <meta http-equiv="content-type"> naming a charset. */
  metaCharset: boolean;
  /** <link rel="next"/"prev"> in document order (a few at most). */
  pagination: PaginationFact[];
}

export interface PaginationFact {
  rel: 'next' | 'prev';
  href: string;
}

export interface PageFactsOptions {
  /** Hash the visible text for duplicate detection (site audit). */
  fingerprint?: boolean;
  /** Keep <style> text and style="" attributes (mobile checks); off saves work when unused. */
  styles?: boolean;
  /** Keep the structured data (JSON-LD, microdata, RDFa) for validation (site audit). */
  structuredData?: boolean;
}

/** Facts of a page with nothing in it: the parser's starting point. */
export function emptyFacts(): PageFacts {
  return {
    title: null,
    titleCount: 0,
    metaDescription: null,
    descriptionCount: 0,
    metaRobots: [],
    canonical: null,
    canonicals: [],
    baseHref: null,
    lang: null,
    viewport: null,
    metaRefresh: null,
    favicon: false,
    openGraph: {},
    twitter: {},
    h1: [],
    h2: [],
    images: [],
    links: [],
    linksOverCap: 0,
    hreflang: [],
    forms: [],
    insecureResources: [],
    scripts: [],
    stylesheets: [],
    styleBlocks: [],
    styleAttributes: [],
    widthAttributes: [],
    plugins: [],
    jsonLdTypes: [],
    jsonLdInvalid: 0,
    wordCount: 0,
    elementCount: 0,
    duplicateIdCount: 0,
    duplicateIds: [],
    headingSkips: 0,
    firstHeadingSkip: null,
    placeholderText: false,
    metaCharset: false,
    pagination: [],
  };
}
