import { Parser } from 'htmlparser2';
import { emptyFacts, MAX_FRAGMENT_IDS, type LinkPosition, type PageFacts, type PageFactsOptions } from './facts.ts';
import { createEmbeddedItemCollector } from '#server/lib/structured-data/embedded-items.ts';
import { createTextFingerprinter, createWordCounter } from './text-fingerprint.ts';
import { createMarkupTracker } from './markup-tracker.ts';
import { MAX_CAPTURE_CHARS, MAX_LIST, TAG_HANDLERS, type Capture, type TagContext } from './tag-handlers.ts';

export { countWords } from './text-fingerprint.ts';
export { MAX_JSON_LD_BLOCKS } from './tag-handlers.ts';

const MAX_STYLE_ATTRIBUTES = 2000;
/**
 * Elements whose text is being collected at once. Every text node is added to each of them, so
 * without a bound 8,000 unclosed `<span><a href>` (250 KB) cost 8,000² appends: 12 s and gigabytes.
 * Deeper headings and links still count, without their text.
 */
const MAX_OPEN_CAPTURES = 32;
const NON_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);
const WIDTH_TAGS = new Set(['table', 'td', 'th', 'div', 'iframe', 'img']);
const MEDIA_TAGS = new Set(['iframe', 'video', 'audio', 'source', 'track', 'embed']);

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

/** The open page regions (navigation, footer, article/main) with the depth each started at. */
function createRegions() {
  const open: Array<{ depth: number; kind: 'navigation' | 'footer' | 'main' }> = [];
  return {
    enter(name: string, attribs: Record<string, string>, depth: number): void {
      const region = regionOf(
        name,
        attribs,
        open.some((entry) => entry.kind === 'main'),
      );
      if (region && open.length < MAX_OPEN_CAPTURES) open.push({ depth, kind: region });
    },
    leave(depth: number): void {
      while (open.length > 0 && open[open.length - 1].depth >= depth) open.pop();
    },
    /** Where a link opened now sits: the footer wins, then navigation, else the content. */
    linkPosition(): LinkPosition {
      let position: LinkPosition = 'content';
      for (const region of open) {
        if (region.kind === 'footer') return 'footer';
        if (region.kind === 'navigation') position = 'navigation';
      }
      return position;
    },
  };
}

/** The handlers' shared state for one pass (tag-handlers.ts). */
function createTagContext(facts: PageFacts, options: PageFactsOptions, linkPosition: () => LinkPosition): TagContext {
  const captures: Capture[] = [];
  return {
    facts,
    styles: options.styles ?? true,
    keepJsonLd: Boolean(options.structuredData),
    jsonLdTypes: new Set<string>(),
    jsonLdBlocks: [],
    captures,
    capture(tag, text, done, limit = MAX_CAPTURE_CHARS) {
      if (captures.length < MAX_OPEN_CAPTURES) captures.push({ tag, text, limit, done });
      // Too deep to collect: a heading or link still counts, with the text it has so far.
      else if (limit !== Infinity) done(text);
    },
    insecure(url) {
      if (isInsecure(url) && facts.insecureResources.length < MAX_LIST) facts.insecureResources.push(url.trim());
    },
    linkPosition,
    inHead: false,
    svgDepth: 0,
    styleBytes: 0,
  };
}

/** What every start tag adds, whichever tag it is: counts, styles, widths, media, fragment targets. */
function readAnyTag(context: TagContext, name: string, attribs: Record<string, string>): void {
  const { facts } = context;
  if (context.styles && attribs.style && facts.styleAttributes.length < MAX_STYLE_ATTRIBUTES)
    facts.styleAttributes.push({ tag: name, style: attribs.style });
  if (attribs.width !== undefined && WIDTH_TAGS.has(name) && facts.widthAttributes.length < MAX_LIST)
    facts.widthAttributes.push({ tag: name, width: attribs.width });
  if (MEDIA_TAGS.has(name)) context.insecure(attribs.src);
  // Where a `#fragment` can land: any element's id, or an <a name> (HTML's legacy target).
  if (attribs.id) fragmentId(facts, attribs.id);
  if (name === 'a' && attribs.name) fragmentId(facts, attribs.name);
}

function fragmentId(facts: PageFacts, id: string): void {
  if (facts.fragmentIds.length < MAX_FRAGMENT_IDS) facts.fragmentIds.push(id);
  else facts.fragmentIdsOverCap = true;
}

/**
 * One streaming pass over the HTML; collects what the audit, index, mobile and site-audit checks
 * need. `write` takes decoded text in any chunking; `end` returns the facts. The page itself is
 * never kept, so callers may stream bodies of any size through it.
 */
export function createPageFactsParser(options: PageFactsOptions = {}) {
  const facts = emptyFacts();
  const regions = createRegions();
  const context = createTagContext(facts, options, regions.linkPosition);
  const { captures } = context;
  const embeddedItems = options.structuredData ? createEmbeddedItemCollector() : null;
  const fingerprinter = options.fingerprint ? createTextFingerprinter() : null;
  const words = fingerprinter ?? createWordCounter();
  const markup = createMarkupTracker(facts);
  let skipDepth = 0;
  let depth = 0;
  // Element depth at which a hidden subtree started; 0 when not inside one.
  let hiddenFrom = 0;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        words.boundary();
        depth += 1;
        if (hiddenFrom === 0 && isHidden(attribs)) hiddenFrom = depth;
        embeddedItems?.open(name, attribs);
        regions.enter(name, attribs, depth);
        if (name === 'html' && attribs.lang !== undefined) facts.lang = attribs.lang.trim() || null;
        if (name === 'head') context.inHead = true;
        if (name === 'body') context.inHead = false;
        if (name === 'svg') context.svgDepth += 1;
        markup.open(name, attribs, context.svgDepth > 0);
        readAnyTag(context, name, attribs);
        TAG_HANDLERS.get(name)?.(context, name, attribs);
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
        regions.leave(depth);
        depth -= 1;
        if (NON_CONTENT.has(name) && skipDepth > 0) skipDepth -= 1;
        if (name === 'head') context.inHead = false;
        if (name === 'svg' && context.svgDepth > 0) context.svgDepth -= 1;
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
      facts.jsonLdTypes = [...context.jsonLdTypes];
      if (embeddedItems) facts.structuredData = [...context.jsonLdBlocks, ...embeddedItems.items()];
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
