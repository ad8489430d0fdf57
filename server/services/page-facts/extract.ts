import { Parser } from 'htmlparser2';

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

export interface PageFacts {
  title: string | null;
  metaDescription: string | null;
  /** Directives from <meta name="robots"> and <meta name="googlebot">, lower-case. */
  metaRobots: string[];
  canonical: string | null;
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
  wordCount: number;
}

const MAX_STYLE_TEXT = 512 * 1024;
const MAX_STYLE_ATTRIBUTES = 2000;
const MAX_LIST = 5000;
const NON_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);
const WIDTH_TAGS = new Set(['table', 'td', 'th', 'div', 'iframe', 'img']);

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

function isWordChar(code: number): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 39;
  // Non-ASCII counts as a letter unless it is one of Unicode's spaces or common punctuation.
  return !(code === 0xa0 || (code >= 0x2000 && code <= 0x206f) || code === 0x3000 || code === 0xfeff);
}

/** A char-code loop instead of a Unicode regex: it is ~5x faster on 100 KB pages (the audit's hot path). */
export function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index += 1) {
    const word = isWordChar(text.charCodeAt(index));
    if (word && !inWord) count += 1;
    inWord = word;
  }
  return count;
}

/** One streaming pass over the HTML; collects what the audit, index and mobile checks need. */
export function extractPageFacts(html: string): PageFacts {
  const facts: PageFacts = {
    title: null, metaDescription: null, metaRobots: [], canonical: null, lang: null, viewport: null, metaRefresh: null,
    favicon: false, openGraph: {}, twitter: {}, h1: [], h2: [], images: [], links: [], scripts: [], stylesheets: [],
    styleBlocks: [], styleAttributes: [], widthAttributes: [], plugins: [], jsonLdTypes: [], jsonLdInvalid: 0, wordCount: 0,
  };
  const jsonLdTypes = new Set<string>();
  const captures: Array<{ tag: string; text: string; done: (text: string) => void }> = [];
  let skipDepth = 0;
  let inHead = false;
  let svgDepth = 0;
  let styleBytes = 0;
  let words = 0;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'html' && attribs.lang !== undefined) facts.lang = attribs.lang.trim() || null;
        if (name === 'head') inHead = true;
        if (name === 'body') inHead = false;
        if (name === 'svg') svgDepth += 1;
        if (attribs.style && facts.styleAttributes.length < MAX_STYLE_ATTRIBUTES) facts.styleAttributes.push({ tag: name, style: attribs.style });
        if (attribs.width !== undefined && WIDTH_TAGS.has(name) && facts.widthAttributes.length < MAX_LIST) facts.widthAttributes.push({ tag: name, width: attribs.width });
        switch (name) {
          case 'title':
            if (facts.title === null && svgDepth === 0) captures.push({ tag: name, text: '', done: (text) => (facts.title = collapse(text)) });
            break;
          case 'h1':
          case 'h2':
            captures.push({ tag: name, text: '', done: (text) => facts[name].push(collapse(text)) });
            break;
          case 'a':
            if (attribs.href !== undefined && facts.links.length < MAX_LIST) {
              const link: LinkFact = { href: attribs.href.trim(), text: '', rel: (attribs.rel ?? '').toLowerCase() };
              facts.links.push(link);
              captures.push({ tag: name, text: attribs['aria-label'] ?? attribs.title ?? '', done: (text) => (link.text = collapse(text)) });
            }
            break;
          case 'meta': {
            const key = (attribs.name ?? attribs.property ?? '').toLowerCase();
            const content = attribs.content ?? '';
            if (key === 'description' && facts.metaDescription === null) facts.metaDescription = collapse(content);
            if (key === 'robots' || key === 'googlebot') facts.metaRobots.push(...content.toLowerCase().split(',').map((part) => part.trim()).filter(Boolean));
            if (key === 'viewport' && facts.viewport === null) facts.viewport = content;
            if (key.startsWith('og:') && !(key in facts.openGraph)) facts.openGraph[key] = content;
            if (key.startsWith('twitter:') && !(key in facts.twitter)) facts.twitter[key] = content;
            if ((attribs['http-equiv'] ?? '').toLowerCase() === 'refresh') facts.metaRefresh = content;
            break;
          }
          case 'link': {
            const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
            if (rel.includes('canonical') && facts.canonical === null && attribs.href) facts.canonical = attribs.href.trim();
            if (rel.includes('icon')) facts.favicon = true;
            if (rel.includes('stylesheet') && attribs.href) facts.stylesheets.push({ href: attribs.href.trim(), media: (attribs.media ?? 'all').toLowerCase(), inHead });
            break;
          }
          case 'img':
            // An image link's alt text is its anchor text.
            for (const capture of captures) if (capture.tag === 'a' && attribs.alt) capture.text += ` ${attribs.alt}`;
            if (facts.images.length < MAX_LIST) {
              facts.images.push({ src: attribs.src ?? attribs['data-src'] ?? '', alt: attribs.alt ?? null, width: attribs.width ?? null, height: attribs.height ?? null, srcset: Boolean(attribs.srcset) });
            }
            break;
          case 'script':
            if ((attribs.type ?? '').toLowerCase() === 'application/ld+json') {
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
              facts.scripts.push({ src: attribs.src ?? null, inHead, blocking: inHead && isBlockingScript(attribs) });
            }
            break;
          case 'style':
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
        if (skipDepth === 0) words += countWords(text);
      },
      onclosetag(name) {
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
  parser.write(html);
  parser.end();
  facts.wordCount = words;
  facts.jsonLdTypes = [...jsonLdTypes];
  return facts;
}
