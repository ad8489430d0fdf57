import { Parser } from 'htmlparser2';
import { createTextFingerprinter, createWordCounter, type TextFingerprint } from './text-fingerprint.ts';

export { countWords } from './text-fingerprint.ts';

export interface ImageFact {
  src: string;
  /** null when the attribute is missing; "" is a deliberate decorative image. */
  alt: string | null;
  width: string | null;
  height: string | null;
  srcset: boolean;
}

export interface LinkFact {
  href: string;
  text: string;
  rel: string;
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
  /** Words of visible body text (outside head, scripts, styles, templates, SVG and hidden elements). */
  wordCount: number;
  /** Only with `fingerprint: true`: hashes of the visible body text. */
  text?: TextFingerprint;
}

export interface PageFactsOptions {
  /** Hash the visible text for duplicate detection (site audit). */
  fingerprint?: boolean;
  /** Keep <style> text and style="" attributes (mobile checks); off saves work when unused. */
  styles?: boolean;
}

const MAX_STYLE_TEXT = 512 * 1024;
const MAX_STYLE_ATTRIBUTES = 2000;
const MAX_LIST = 5000;
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

function isInsecure(url: string | undefined): url is string {
  return url !== undefined && /^\s*http:\/\//i.test(url);
}

function emptyFacts(): PageFacts {
  return {
    title: null, titleCount: 0, metaDescription: null, descriptionCount: 0, metaRobots: [], canonical: null, canonicals: [], baseHref: null,
    lang: null, viewport: null, metaRefresh: null, favicon: false, openGraph: {}, twitter: {}, h1: [], h2: [], images: [], links: [],
    hreflang: [], forms: [], insecureResources: [], scripts: [], stylesheets: [], styleBlocks: [], styleAttributes: [], widthAttributes: [],
    plugins: [], jsonLdTypes: [], jsonLdInvalid: 0, wordCount: 0,
  };
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
  const captures: Array<{ tag: string; text: string; done: (text: string) => void }> = [];
  const fingerprinter = options.fingerprint ? createTextFingerprinter() : null;
  const words = fingerprinter ?? createWordCounter();
  let skipDepth = 0;
  let inHead = false;
  let svgDepth = 0;
  let styleBytes = 0;
  let depth = 0;
  // Element depth at which a hidden subtree started; 0 when not inside one.
  let hiddenFrom = 0;

  const insecure = (url: string | undefined) => {
    if (isInsecure(url) && facts.insecureResources.length < MAX_LIST) facts.insecureResources.push(url.trim());
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        words.boundary();
        depth += 1;
        if (hiddenFrom === 0 && isHidden(attribs)) hiddenFrom = depth;
        if (name === 'html' && attribs.lang !== undefined) facts.lang = attribs.lang.trim() || null;
        if (name === 'head') inHead = true;
        if (name === 'body') inHead = false;
        if (name === 'svg') svgDepth += 1;
        if (styles && attribs.style && facts.styleAttributes.length < MAX_STYLE_ATTRIBUTES) facts.styleAttributes.push({ tag: name, style: attribs.style });
        if (attribs.width !== undefined && WIDTH_TAGS.has(name) && facts.widthAttributes.length < MAX_LIST) facts.widthAttributes.push({ tag: name, width: attribs.width });
        if (MEDIA_TAGS.has(name)) insecure(attribs.src);
        switch (name) {
          case 'title':
            if (svgDepth > 0) break;
            facts.titleCount += 1;
            if (facts.title === null) captures.push({ tag: name, text: '', done: (text) => (facts.title = collapse(text)) });
            break;
          case 'h1':
          case 'h2':
            captures.push({ tag: name, text: '', done: (text) => facts[name].push(collapse(text)) });
            break;
          case 'a':
          case 'area':
            if (attribs.href !== undefined && facts.links.length < MAX_LIST) {
              const link: LinkFact = { href: attribs.href.trim(), text: '', rel: (attribs.rel ?? '').toLowerCase() };
              facts.links.push(link);
              if (name === 'area') link.text = attribs.alt ?? attribs['aria-label'] ?? '';
              else captures.push({ tag: name, text: attribs['aria-label'] ?? attribs.title ?? '', done: (text) => (link.text = collapse(text)) });
            }
            break;
          case 'base':
            if (facts.baseHref === null && attribs.href) facts.baseHref = attribs.href.trim();
            break;
          case 'form':
            if (facts.forms.length < MAX_LIST) facts.forms.push({ action: attribs.action === undefined ? null : attribs.action.trim() });
            break;
          case 'meta': {
            const key = (attribs.name ?? attribs.property ?? '').toLowerCase();
            const content = attribs.content ?? '';
            if (key === 'description') {
              facts.descriptionCount += 1;
              if (facts.metaDescription === null) facts.metaDescription = collapse(content);
            }
            if (key === 'robots' || key === 'googlebot') facts.metaRobots.push(...content.toLowerCase().split(',').map((part) => part.trim()).filter(Boolean));
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
            for (const capture of captures) if ((capture.tag === 'a' || capture.tag === 'h1' || capture.tag === 'h2') && attribs.alt) capture.text += ` ${attribs.alt}`;
            insecure(attribs.src);
            if (facts.images.length < MAX_LIST) {
              facts.images.push({ src: attribs.src ?? attribs['data-src'] ?? '', alt: attribs.alt ?? null, width: attribs.width ?? null, height: attribs.height ?? null, srcset: Boolean(attribs.srcset) });
            }
            break;
          case 'script':
            if ((attribs.type ?? '').trim().toLowerCase() === 'application/ld+json') {
              captures.push({
                tag: name,
                text: '',
                done: (text) => {
                  try {
                    jsonLdTypesOf(JSON.parse(text), jsonLdTypes);
                  } catch {
                    facts.jsonLdInvalid += 1;
                  }
                },
              });
            } else {
              insecure(attribs.src);
              facts.scripts.push({ src: attribs.src ?? null, inHead, blocking: inHead && isBlockingScript(attribs) });
            }
            break;
          case 'style':
            if (!styles) break;
            captures.push({
              tag: name,
              text: '',
              done: (text) => {
                if (styleBytes + text.length > MAX_STYLE_TEXT) return;
                styleBytes += text.length;
                facts.styleBlocks.push(text);
              },
            });
            break;
          case 'object':
          case 'embed':
          case 'applet':
            facts.plugins.push({ tag: name, type: attribs.type ?? attribs.classid ?? attribs.src ?? attribs.data ?? '' });
            break;
        }
        if (NON_CONTENT.has(name)) skipDepth += 1;
      },
      ontext(text) {
        for (const capture of captures) capture.text += text;
        if (skipDepth === 0 && hiddenFrom === 0) words.text(text);
      },
      onclosetag(name) {
        words.boundary();
        if (hiddenFrom === depth) hiddenFrom = 0;
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
