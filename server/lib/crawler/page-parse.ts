import type { Readable } from 'node:stream';
import { Parser } from 'htmlparser2';
import { MAX_LINKS_PER_PAGE } from '#server/lib/page-facts/facts.ts';
import { parseRobotsDirectives, relIsNofollow, type RobotsDirectives } from './directives.ts';

export interface PageLink {
  href: string;
  nofollow: boolean;
}

export interface ParsedPage {
  links: PageLink[];
  /** Raw href of the first `<link rel="canonical">`, unresolved. */
  canonical: string | null;
  /** Raw href of the first `<base>`, unresolved; links resolve against it. */
  baseHref: string | null;
  directives: RobotsDirectives;
  /** Links past MAX_LINKS_PER_PAGE (the one cap, shared with the page facts): counted, not read. */
  linksOverCap: number;
  /** The first `<title>`, whitespace collapsed, at most MAX_TITLE_LENGTH characters; null without one. */
  title: string | null;
  /** Raw `src` of each `<img>` (when `collect.images`), each once, in page order, unresolved, at most `maxImages`. */
  images: string[];
  /** `<link rel="alternate" hreflang href>` (when `collect.alternates`), raw, at most `maxAlternates`. */
  alternates: { hreflang: string; href: string }[];
}

/** What a parse keeps beyond links and directives (the sitemap generator's image and hreflang entries). */
export interface ParseCollect {
  images?: boolean;
  alternates?: boolean;
  maxImages?: number;
  maxAlternates?: number;
}

/** Longest page title kept (for the HTML sitemap's link text). */
export const MAX_TITLE_LENGTH = 200;

function decoderFor(charset: string | undefined): TextDecoder {
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

/**
 * Streams an HTML body through htmlparser2 and keeps only what the crawler needs: links,
 * canonical, base and robots meta. The body is never held whole in memory, so a crawl's
 * memory grows with the URLs it has seen rather than with page sizes.
 */
export async function parsePageStream(
  body: Readable,
  options: { botName: string; charset?: string; breathe?: () => Promise<void>; collect?: ParseCollect },
): Promise<ParsedPage> {
  const page: ParsedPage = {
    links: [],
    canonical: null,
    baseHref: null,
    directives: { noindex: false, nofollow: false },
    linksOverCap: 0,
    title: null,
    images: [],
    alternates: [],
  };
  const botMeta = options.botName.toLowerCase();
  const collect = options.collect ?? {};
  const maxImages = collect.maxImages ?? Infinity;
  const maxAlternates = collect.maxAlternates ?? Infinity;
  // The first <title> outside <svg> (an SVG <title> names a drawing, not the page).
  let titleText: string | null = null;
  let inTitle = false;
  let svgDepth = 0;
  const imagesSeen = new Set<string>();
  const parser = new Parser(
    {
      ontext(text) {
        if (inTitle && titleText !== null && titleText.length < MAX_TITLE_LENGTH * 4) titleText += text;
      },
      onclosetag(name) {
        if (name === 'svg' && svgDepth > 0) svgDepth -= 1;
        if (name === 'title' && inTitle) {
          inTitle = false;
          page.title = (titleText ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE_LENGTH) || null;
        }
      },
      onopentag(name, attributes) {
        if (name === 'svg') svgDepth += 1;
        else if (name === 'title' && svgDepth === 0 && titleText === null) {
          inTitle = true;
          titleText = '';
        } else if (name === 'img' && collect.images && attributes.src?.trim()) {
          const src = attributes.src.trim();
          if (page.images.length < maxImages && !imagesSeen.has(src)) {
            imagesSeen.add(src);
            page.images.push(src);
          }
        } else if (
          name === 'link' &&
          collect.alternates &&
          attributes.hreflang !== undefined &&
          attributes.href?.trim() &&
          relHas(attributes.rel, 'alternate')
        ) {
          if (page.alternates.length < maxAlternates)
            page.alternates.push({ hreflang: attributes.hreflang.trim(), href: attributes.href.trim() });
        }
        if ((name === 'a' || name === 'area') && attributes.href !== undefined) {
          if (page.links.length < MAX_LINKS_PER_PAGE)
            page.links.push({ href: attributes.href, nofollow: relIsNofollow(attributes.rel) });
          else page.linksOverCap += 1;
        } else if (
          name === 'link' &&
          page.canonical === null &&
          attributes.href &&
          relHas(attributes.rel, 'canonical')
        ) {
          page.canonical = attributes.href;
        } else if (name === 'base' && page.baseHref === null && attributes.href) {
          page.baseHref = attributes.href;
        } else if (name === 'meta' && attributes.content !== undefined) {
          const metaName = (attributes.name ?? '').trim().toLowerCase();
          if (metaName === 'robots' || metaName === botMeta) {
            const found = parseRobotsDirectives(attributes.content, options.botName);
            page.directives = {
              noindex: page.directives.noindex || found.noindex,
              nofollow: page.directives.nofollow || found.nofollow,
            };
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  const decoder = decoderFor(options.charset);
  // A body cut short by the fetcher's size cap simply ends; a timeout or reset rejects here and
  // the caller reports the page as an error.
  for await (const chunk of body) {
    parser.write(decoder.decode(chunk as Uint8Array, { stream: true }));
    // Buffered chunks arrive without a turn of the event loop: megabytes would hold it.
    await options.breathe?.();
  }
  parser.end(decoder.decode());
  return page;
}

function relHas(rel: string | undefined, token: string): boolean {
  return rel ? rel.toLowerCase().split(/\s+/).includes(token) : false;
}
