import { MAX_LINKS_PER_PAGE, type LinkFact, type LinkPosition, type PageFacts } from './facts.ts';

/*
 * What the page-facts parser (extract.ts) reads from each start tag it cares about: one small handler
 * per tag, over the state of the one streaming pass. The pass itself (depth, regions, hidden and
 * non-content subtrees, text) stays in extract.ts.
 */

export const MAX_STYLE_TEXT = 512 * 1024;
export const MAX_LIST = 5000;
/** JSON-LD blocks kept for validation (structuredData option). */
export const MAX_JSON_LD_BLOCKS = 50;
/** Text kept per heading, title or link (far past any check's length): bounds the memory of a hostile page. */
export const MAX_CAPTURE_CHARS = 8 * 1024;

/** An element whose text is being collected (a title, heading, link, JSON-LD or style block). */
export interface Capture {
  tag: string;
  text: string;
  limit: number;
  done: (text: string) => void;
}

/** The state of one pass that the handlers read and write. */
export interface TagContext {
  facts: PageFacts;
  /** Keep <style> text (mobile checks). */
  styles: boolean;
  /** Keep the JSON-LD blocks for validation (structuredData option). */
  keepJsonLd: boolean;
  jsonLdTypes: Set<string>;
  jsonLdBlocks: unknown[];
  captures: Capture[];
  capture(tag: string, text: string, done: (text: string) => void, limit?: number): void;
  insecure(url: string | undefined): void;
  linkPosition(): LinkPosition;
  inHead: boolean;
  svgDepth: number;
  styleBytes: number;
}

type Attributes = Record<string, string>;
type TagHandler = (context: TagContext, name: string, attribs: Attributes) => void;

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function jsonLdTypesOf(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) return value.forEach((item) => jsonLdTypesOf(item, into));
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  const type = record['@type'];
  if (typeof type === 'string') into.add(type);
  if (Array.isArray(type)) type.filter((item) => typeof item === 'string').forEach((item) => into.add(item));
  if (record['@graph']) jsonLdTypesOf(record['@graph'], into);
}

function isBlockingScript(attribs: Attributes): boolean {
  const type = (attribs.type ?? '').toLowerCase();
  if (type === 'module' || (type && !/javascript|ecmascript/.test(type))) return false;
  return attribs.async === undefined && attribs.defer === undefined;
}

const title: TagHandler = (context, name) => {
  const { facts } = context;
  if (context.svgDepth > 0) return;
  facts.titleCount += 1;
  if (facts.title === null) context.capture(name, '', (text) => (facts.title = collapse(text)));
};

const heading: TagHandler = (context, name) => {
  context.capture(name, '', (text) => context.facts[name as 'h1' | 'h2'].push(collapse(text)));
};

const anchor: TagHandler = (context, name, attribs) => {
  const { facts } = context;
  if (attribs.href === undefined) return;
  if (facts.links.length >= MAX_LINKS_PER_PAGE) {
    facts.linksOverCap += 1;
    return;
  }
  const link: LinkFact = {
    href: attribs.href.trim(),
    text: '',
    rel: (attribs.rel ?? '').toLowerCase(),
    position: context.linkPosition(),
  };
  if ((attribs.target ?? '').trim().toLowerCase() === '_blank') link.targetBlank = true;
  facts.links.push(link);
  if (name === 'area') link.text = attribs.alt ?? attribs['aria-label'] ?? '';
  else context.capture(name, attribs['aria-label'] ?? attribs.title ?? '', (text) => (link.text = collapse(text)));
};

const meta: TagHandler = ({ facts }, _name, attribs) => {
  const key = (attribs.name ?? attribs.property ?? '').toLowerCase();
  const content = attribs.content ?? '';
  if (key === 'description') {
    facts.descriptionCount += 1;
    if (facts.metaDescription === null) facts.metaDescription = collapse(content);
  }
  if (key === 'robots' || key === 'googlebot')
    facts.metaRobots.push(
      ...content
        .toLowerCase()
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    );
  if (key === 'viewport' && facts.viewport === null) facts.viewport = content;
  if (key.startsWith('og:') && !(key in facts.openGraph)) facts.openGraph[key] = content;
  if (key.startsWith('twitter:') && !(key in facts.twitter)) facts.twitter[key] = content;
  const httpEquiv = (attribs['http-equiv'] ?? '').trim().toLowerCase();
  if (httpEquiv === 'refresh') facts.metaRefresh = content;
  if (httpEquiv === 'content-security-policy' && content.trim()) facts.metaCsp = true;
  if (key === 'referrer' && content.trim()) facts.metaReferrer = true;
};

const linkTag: TagHandler = (context, _name, attribs) => {
  const { facts, inHead } = context;
  const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
  const href = attribs.href?.trim();
  if (rel.includes('canonical') && href) {
    if (facts.canonical === null) facts.canonical = href;
    if (facts.canonicals.length < 20) facts.canonicals.push({ href, inHead });
  }
  if (rel.includes('alternate') && attribs.hreflang !== undefined && href && facts.hreflang.length < 500) {
    facts.hreflang.push({ lang: attribs.hreflang.trim(), href });
  }
  if (rel.includes('icon')) facts.favicon = true;
  if (rel.includes('stylesheet') && href) {
    facts.stylesheets.push({ href, media: (attribs.media ?? 'all').toLowerCase(), inHead });
    context.insecure(href);
  }
};

const image: TagHandler = (context, _name, attribs) => {
  const { facts } = context;
  // An image's alt text is the text of the link or heading it sits in.
  for (const open of context.captures)
    if ((open.tag === 'a' || open.tag === 'h1' || open.tag === 'h2') && attribs.alt && open.text.length < open.limit)
      open.text += ` ${attribs.alt}`.slice(0, open.limit - open.text.length);
  context.insecure(attribs.src);
  if (facts.images.length < MAX_LIST) {
    facts.images.push({
      src: attribs.src ?? attribs['data-src'] ?? '',
      alt: attribs.alt ?? null,
      width: attribs.width ?? null,
      height: attribs.height ?? null,
      srcset: Boolean(attribs.srcset),
    });
  }
};

const script: TagHandler = (context, name, attribs) => {
  const { facts } = context;
  if ((attribs.type ?? '').trim().toLowerCase() !== 'application/ld+json') {
    context.insecure(attribs.src);
    facts.scripts.push({
      src: attribs.src ?? null,
      inHead: context.inHead,
      blocking: context.inHead && isBlockingScript(attribs),
    });
    return;
  }
  // JSON-LD is read whole (its script is one text node, however large).
  const readJsonLd = (text: string) => {
    try {
      const parsed: unknown = JSON.parse(text);
      jsonLdTypesOf(parsed, context.jsonLdTypes);
      if (context.keepJsonLd && context.jsonLdBlocks.length < MAX_JSON_LD_BLOCKS) context.jsonLdBlocks.push(parsed);
    } catch {
      facts.jsonLdInvalid += 1;
    }
  };
  context.capture(name, '', readJsonLd, Infinity);
};

const style: TagHandler = (context, name) => {
  if (!context.styles) return;
  const keep = (text: string) => {
    if (context.styleBytes + text.length > MAX_STYLE_TEXT) return;
    context.styleBytes += text.length;
    context.facts.styleBlocks.push(text);
  };
  context.capture(name, '', keep, Infinity);
};

const plugin: TagHandler = ({ facts }, name, attribs) => {
  facts.plugins.push({ tag: name, type: attribs.type ?? attribs.classid ?? attribs.src ?? attribs.data ?? '' });
};

/** The handler of each tag the facts read from (other tags only count toward the pass's own facts). */
export const TAG_HANDLERS: ReadonlyMap<string, TagHandler> = new Map<string, TagHandler>([
  ['title', title],
  ['h1', heading],
  ['h2', heading],
  ['a', anchor],
  ['area', anchor],
  [
    'base',
    ({ facts }, _name, attribs) => {
      if (facts.baseHref === null && attribs.href) facts.baseHref = attribs.href.trim();
    },
  ],
  [
    'form',
    ({ facts }, _name, attribs) => {
      if (facts.forms.length < MAX_LIST)
        facts.forms.push({ action: attribs.action === undefined ? null : attribs.action.trim() });
    },
  ],
  ['meta', meta],
  ['link', linkTag],
  ['img', image],
  ['script', script],
  ['style', style],
  ['object', plugin],
  ['embed', plugin],
  ['applet', plugin],
]);
