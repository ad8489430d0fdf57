import { Parser } from 'htmlparser2';
import {
  emptyFacts,
  MAX_LINKS_PER_PAGE,
  type LinkFact,
  type LinkPosition,
  type PageFacts,
  type PageFactsOptions,
} from './facts.ts';
import { createEmbeddedItemCollector } from '#server/lib/structured-data/embedded-items.ts';
import { createTextFingerprinter, createWordCounter } from './text-fingerprint.ts';
import { createMarkupTracker } from './markup-tracker.ts';

export { countWords } from './text-fingerprint.ts';

const MAX_STYLE_TEXT = 512 * 1024;
const MAX_STYLE_ATTRIBUTES = 2000;
const MAX_LIST = 5000;
/** JSON-LD blocks kept for validation (structuredData option). */
export const MAX_JSON_LD_BLOCKS = 50;
/**
 * Elements whose text is being collected at once. Every text node is added to each of them, so
 * without a bound 8,000 unclosed `<span><a href>` (250 KB) cost 8,000² appends: 12 s and gigabytes.
 * Deeper headings and links still count, without their text.
 */
const MAX_OPEN_CAPTURES = 32;
/** Text kept per heading, title or link (far past any check's length): bounds the memory of a hostile page. */
const MAX_CAPTURE_CHARS = 8 * 1024;
const NON_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);
const WIDTH_TAGS = new Set(['table', 'td', 'th', 'div', 'iframe', 'img']);
const MEDIA_TAGS = new Set(['iframe', 'video', 'audio', 'source', 'track', 'embed']);

function collapse(text: string): string {
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

function isBlockingScript(attribs: Record<string, string>): boolean {
  const type = (attribs.type ?? '').toLowerCase();
  if (type === 'module' || (type && !/javascript|ecmascript/.test(type))) return false;
  return attribs.async === undefined && attribs.defer === undefined;
}

/** Hidden by the `hidden` attribute or an inline display:none / visibility:hidden. */
function isHidden(attribs: Record<string, string>): boolean {
  if (attribs.hidden !== undefined) return true;
  return attribs.style !== undefined && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(attribs.style);
}

/**
 * The page region an element opens: `<nav>` or role=navigation, the page's own `<header>` (not an
 * article's) or role=banner are navigation; `<footer>` (the page's) or role=contentinfo the footer;
 * `<main>`/`<article>` mark content, inside which headers and footers belong to the content.
 */
function regionOf(
  name: string,
  attribs: Record<string, string>,
  inMain: boolean,
): 'navigation' | 'footer' | 'main' | null {
  const role = (attribs.role ?? '').trim().toLowerCase();
  if (name === 'nav' || role === 'navigation') return 'navigation';
  if (role === 'contentinfo' || (name === 'footer' && !inMain)) return 'footer';
  if (role === 'banner' || (name === 'header' && !inMain)) return 'navigation';
  if (name === 'main' || name === 'article' || role === 'main') return 'main';
  return null;
}

function isInsecure(url: string | undefined): url is string {
  return url !== undefined && /^\s*http:\/\//i.test(url);
}

/**
 * One streaming pass over the HTML; collects what the audit, index, mobile and site-audit checks
 * need. `write` takes decoded text in any chunking; `end` returns the facts. The page itself is
 * never kept, so callers may stream bodies of any size through it.
 */
export function createPageFactsParser(options: PageFactsOptions = {}) {
  const styles = options.styles ?? true;
  const facts = emptyFacts();
  const jsonLdTypes = new Set<string>();
  const embeddedItems = options.structuredData ? createEmbeddedItemCollector() : null;
  const jsonLdBlocks: unknown[] = [];
  const captures: Array<{ tag: string; text: string; limit: number; done: (text: string) => void }> = [];
  const capture = (tag: string, text: string, done: (text: string) => void, limit = MAX_CAPTURE_CHARS) => {
    if (captures.length < MAX_OPEN_CAPTURES) captures.push({ tag, text, limit, done });
    // Too deep to collect: a heading or link still counts, with the text it has so far.
    else if (limit !== Infinity) done(text);
  };
  const fingerprinter = options.fingerprint ? createTextFingerprinter() : null;
  const words = fingerprinter ?? createWordCounter();
  const markup = createMarkupTracker(facts);
  let skipDepth = 0;
  let inHead = false;
  let svgDepth = 0;
  let styleBytes = 0;
  let depth = 0;
  // Element depth at which a hidden subtree started; 0 when not inside one.
  let hiddenFrom = 0;
  // Open page regions (navigation, footer, article/main) with the depth each started at.
  const regions: Array<{ depth: number; kind: 'navigation' | 'footer' | 'main' }> = [];
  const linkPosition = (): LinkPosition => {
    let position: LinkPosition = 'content';
    for (const region of regions) {
      if (region.kind === 'footer') return 'footer';
      if (region.kind === 'navigation') position = 'navigation';
    }
    return position;
  };

  const insecure = (url: string | undefined) => {
    if (isInsecure(url) && facts.insecureResources.length < MAX_LIST) facts.insecureResources.push(url.trim());
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        words.boundary();
        depth += 1;
        if (hiddenFrom === 0 && isHidden(attribs)) hiddenFrom = depth;
        embeddedItems?.open(name, attribs);
        const region = regionOf(
          name,
          attribs,
          regions.some((open) => open.kind === 'main'),
        );
        if (region && regions.length < MAX_OPEN_CAPTURES) regions.push({ depth, kind: region });
        if (name === 'html' && attribs.lang !== undefined) facts.lang = attribs.lang.trim() || null;
        if (name === 'head') inHead = true;
        if (name === 'body') inHead = false;
        if (name === 'svg') svgDepth += 1;
        markup.open(name, attribs, svgDepth > 0);
        if (styles && attribs.style && facts.styleAttributes.length < MAX_STYLE_ATTRIBUTES)
          facts.styleAttributes.push({ tag: name, style: attribs.style });
        if (attribs.width !== undefined && WIDTH_TAGS.has(name) && facts.widthAttributes.length < MAX_LIST)
          facts.widthAttributes.push({ tag: name, width: attribs.width });
        if (MEDIA_TAGS.has(name)) insecure(attribs.src);
        switch (name) {
          case 'title':
            if (svgDepth > 0) break;
            facts.titleCount += 1;
            if (facts.title === null) capture(name, '', (text) => (facts.title = collapse(text)));
            break;
          case 'h1':
          case 'h2':
            capture(name, '', (text) => facts[name].push(collapse(text)));
            break;
          case 'a':
          case 'area':
            if (attribs.href !== undefined && facts.links.length >= MAX_LINKS_PER_PAGE) facts.linksOverCap += 1;
            else if (attribs.href !== undefined) {
              const link: LinkFact = {
                href: attribs.href.trim(),
                text: '',
                rel: (attribs.rel ?? '').toLowerCase(),
                position: linkPosition(),
              };
              facts.links.push(link);
              if (name === 'area') link.text = attribs.alt ?? attribs['aria-label'] ?? '';
              else capture(name, attribs['aria-label'] ?? attribs.title ?? '', (text) => (link.text = collapse(text)));
            }
            break;
          case 'base':
            if (facts.baseHref === null && attribs.href) facts.baseHref = attribs.href.trim();
            break;
          case 'form':
            if (facts.forms.length < MAX_LIST)
              facts.forms.push({ action: attribs.action === undefined ? null : attribs.action.trim() });
            break;
          case 'meta': {
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
            if ((attribs['http-equiv'] ?? '').toLowerCase() === 'refresh') facts.metaRefresh = content;
            break;
          }
          case 'link': {
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
              insecure(href);
            }
            break;
          }
          case 'img':
            // An image's alt text is the text of the link or heading it sits in.
            for (const open of captures)
              if (
                (open.tag === 'a' || open.tag === 'h1' || open.tag === 'h2') &&
                attribs.alt &&
                open.text.length < open.limit
              )
                open.text += ` ${attribs.alt}`.slice(0, open.limit - open.text.length);
            insecure(attribs.src);
            if (facts.images.length < MAX_LIST) {
              facts.images.push({
                src: attribs.src ?? attribs['data-src'] ?? '',
                alt: attribs.alt ?? null,
                width: attribs.width ?? null,
                height: attribs.height ?? null,
                srcset: Boolean(attribs.srcset),
              });
            }
            break;
          case 'script':
            if ((attribs.type ?? '').trim().toLowerCase() === 'application/ld+json') {
              // JSON-LD is read whole (its script is one text node, however large).
              capture(
                name,
                '',
                (text) => {
                  try {
                    const parsed: unknown = JSON.parse(text);
                    jsonLdTypesOf(parsed, jsonLdTypes);
                    if (embeddedItems && jsonLdBlocks.length < MAX_JSON_LD_BLOCKS) jsonLdBlocks.push(parsed);
                  } catch {
                    facts.jsonLdInvalid += 1;
                  }
                },
                Infinity,
              );
            } else {
              insecure(attribs.src);
              facts.scripts.push({ src: attribs.src ?? null, inHead, blocking: inHead && isBlockingScript(attribs) });
            }
            break;
          case 'style':
            if (!styles) break;
            capture(
              name,
              '',
              (text) => {
                if (styleBytes + text.length > MAX_STYLE_TEXT) return;
                styleBytes += text.length;
                facts.styleBlocks.push(text);
              },
              Infinity,
            );
            break;
          case 'object':
          case 'embed':
          case 'applet':
            facts.plugins.push({
              tag: name,
              type: attribs.type ?? attribs.classid ?? attribs.src ?? attribs.data ?? '',
            });
            break;
        }
        if (NON_CONTENT.has(name)) skipDepth += 1;
      },
      ontext(text) {
        embeddedItems?.text(text);
        for (const open of captures)
          if (open.text.length < open.limit) open.text += text.slice(0, open.limit - open.text.length);
        if (skipDepth === 0 && hiddenFrom === 0) {
          words.text(text);
          markup.text(text);
        }
      },
      onclosetag(name) {
        words.boundary();
        if (hiddenFrom === depth) hiddenFrom = 0;
        embeddedItems?.close();
        while (regions.length > 0 && regions[regions.length - 1].depth >= depth) regions.pop();
        depth -= 1;
        if (NON_CONTENT.has(name) && skipDepth > 0) skipDepth -= 1;
        if (name === 'head') inHead = false;
        if (name === 'svg' && svgDepth > 0) svgDepth -= 1;
        for (let index = captures.length - 1; index >= 0; index -= 1) {
          if (captures[index].tag !== name) continue;
          const [capture] = captures.splice(index, 1);
          capture.done(capture.text);
          break;
        }
      },
    },
    { decodeEntities: true },
  );

  return {
    write(html: string): void {
      parser.write(html);
    },
    end(): PageFacts {
      parser.end();
      facts.jsonLdTypes = [...jsonLdTypes];
      if (embeddedItems) facts.structuredData = [...jsonLdBlocks, ...embeddedItems.items()];
      if (fingerprinter) facts.text = fingerprinter.finish();
      facts.wordCount = words.words;
      return facts;
    },
  };
}

/** Facts of a whole HTML document held in memory (the one-page tools). */
export function extractPageFacts(html: string, options: PageFactsOptions = {}): PageFacts {
  const parser = createPageFactsParser(options);
  parser.write(html);
  return parser.end();
}
