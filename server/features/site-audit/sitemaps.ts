import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { Parser } from 'htmlparser2';
import type { CrawlControl } from '#server/lib/crawler/index.ts';
import { normalizeUrl } from '#server/lib/crawler/normalize.ts';

/** sitemaps.org: a sitemap file may hold 50,000 URLs and 50 MB uncompressed. */
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
/** Sitemap files read per audit (the robots.txt ones, /sitemap.xml and index children). */
export const SITEMAP_MAX_FILES = 50;

export interface SitemapFile {
  url: string;
  /** Where we learnt of it. The /sitemap.xml guess is only reported when it is a real sitemap. */
  source: 'robots' | 'index' | 'default';
  valid: boolean;
  kind: 'urlset' | 'sitemapindex' | null;
  urls: number;
  /** Why it is not valid, for the report. */
  error?: string;
}

export interface SitemapReadResult {
  files: SitemapFile[];
  /** True when at least one sitemap was read: the site "has a sitemap". */
  found: boolean;
}

interface ParsedSitemap {
  kind: 'urlset' | 'sitemapindex' | null;
  locs: string[];
  children: string[];
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return (colon >= 0 ? name.slice(colon + 1) : name).toLowerCase();
}

/**
 * Streams one sitemap document (XML, gzipped or not) and collects its <loc> values. Stops
 * reading once `room` page URLs are collected, so a huge sitemap cannot outgrow the audit's caps.
 */
async function parseSitemap(body: Readable, room: number, breathe: () => Promise<void>): Promise<ParsedSitemap> {
  const result: ParsedSitemap = { kind: null, locs: [], children: [] };
  const stack: string[] = [];
  let loc: string | null = null;
  let rootSeen = false;
  let full = false;
  const parser = new Parser(
    {
      onopentag(name) {
        const local = localName(name);
        if (!rootSeen) {
          rootSeen = true;
          if (local === 'urlset' || local === 'sitemapindex') result.kind = local;
        }
        stack.push(local);
        if (local === 'loc') loc = '';
      },
      ontext(text) {
        if (loc !== null) loc += text;
      },
      onclosetag() {
        const local = stack.pop();
        if (local !== 'loc' || loc === null) return;
        const parent = stack[stack.length - 1];
        const value = loc.trim();
        loc = null;
        if (!value) return;
        if (result.kind === 'urlset' && parent === 'url') {
          if (result.locs.length < room) result.locs.push(value);
          else full = true;
        } else if (result.kind === 'sitemapindex' && parent === 'sitemap') {
          if (result.children.length < SITEMAP_MAX_FILES) result.children.push(value);
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  const decoder = new TextDecoder('utf-8');
  let total = 0;
  try {
    for await (const chunk of body) {
      total += (chunk as Buffer).length;
      if (total > SITEMAP_MAX_BYTES) throw new Error('larger than 50 MB uncompressed');
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
      // Enough URLs, or not a sitemap at all: stop downloading.
      if (full || (rootSeen && result.kind === null)) break;
      await breathe();
    }
  } finally {
    body.destroy();
  }
  parser.end(decoder.decode());
  return result;
}

/** A gzipped sitemap (.xml.gz) usually arrives as application/gzip without Content-Encoding. */
function decoded(res: { url: string; headers: Record<string, string>; body: Readable }): Readable {
  const type = res.headers['content-type'] ?? '';
  if (!/gzip/i.test(type) && !/\.gz$/i.test(new URL(res.url).pathname)) return res.body;
  const gunzip = zlib.createGunzip();
  res.body.on('error', (error) => gunzip.destroy(error));
  gunzip.on('close', () => res.body.destroy());
  return res.body.pipe(gunzip);
}

/**
 * Reads the site's sitemaps: those named in robots.txt, else `/sitemap.xml`, following sitemap
 * indexes. Each page URL (normalised, in-site only) goes to `onUrl` until `maxUrls` are taken.
 * Requests go through the crawl, so they are guarded, spaced by Crawl-delay and cancellable.
 */
export async function readSitemaps(
  crawl: Pick<CrawlControl, 'signal' | 'stream' | 'breathe'> & { frontier: Pick<CrawlControl['frontier'], 'isInSite'> },
  options: { siteOrigin: string; named: string[]; maxUrls: number; timeoutMs: number; onUrl: (url: string) => void },
): Promise<SitemapReadResult> {
  const queue: Array<{ url: string; source: SitemapFile['source'] }> = options.named.length
    ? options.named.map((url) => ({ url, source: 'robots' as const }))
    : [{ url: `${options.siteOrigin}/sitemap.xml`, source: 'default' as const }];
  const seen = new Set<string>();
  const files: SitemapFile[] = [];
  let taken = 0;
  while (queue.length && seen.size < SITEMAP_MAX_FILES && !crawl.signal.aborted) {
    const next = queue.shift()!;
    const url = normalizeUrl(next.url);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    // sitemaps.org: a sitemap may only list URLs of its own host; another host's file is not ours to read.
    if (!crawl.frontier.isInSite(url)) continue;
    const file: SitemapFile = { url, source: next.source, valid: false, kind: null, urls: 0 };
    try {
      const res = await crawl.stream(url, {
        timeoutMs: options.timeoutMs,
        maxBytes: SITEMAP_MAX_BYTES,
        onTooLarge: 'error',
        maxRedirects: 5,
        headers: { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' },
      });
      if (res.status !== 200) {
        res.body.destroy();
        file.error = `HTTP ${res.status}`;
      } else {
        const parsed = await parseSitemap(decoded(res), Math.max(0, options.maxUrls - taken), crawl.breathe);
        file.kind = parsed.kind;
        if (!parsed.kind) file.error = 'not a <urlset> or <sitemapindex> document';
        else {
          file.valid = true;
          file.urls = parsed.locs.length;
          for (const loc of parsed.locs) {
            // Each URL is checked against robots.txt: thousands must not hold the event loop.
            await crawl.breathe();
            const pageUrl = normalizeUrl(loc, url);
            if (pageUrl && crawl.frontier.isInSite(pageUrl)) {
              taken += 1;
              options.onUrl(pageUrl);
            }
          }
          for (const child of parsed.children) queue.push({ url: new URL(child, url).href, source: 'index' });
        }
      }
    } catch (error) {
      file.error = error instanceof Error ? error.message : String(error);
    }
    if (file.valid || file.source !== 'default') files.push(file);
  }
  return { files, found: files.some((file) => file.valid && file.kind === 'urlset') };
}
