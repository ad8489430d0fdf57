import {
  INDEX_CLOSE,
  INDEX_OPEN,
  planParts,
  sitemapElement,
  extensionsOf,
  URLSET_CLOSE,
  urlElement,
  urlsetOpen,
  type SitemapEntry,
} from './xml.ts';

/** One file of a sitemap: its name (the last segment of the URL it is served at) and its XML. */
export interface SitemapFile {
  name: string;
  xml: string;
}

export interface BuiltSitemap {
  /** The file to hand out: the urlset itself, or the sitemap index when the URLs needed parts. */
  mainFile: string;
  /** Every file, main file first. */
  files: SitemapFile[];
  isIndex: boolean;
  urls: number;
  rejected: SitemapEntry[];
}

export interface BuildSitemapOptions {
  entries: readonly SitemapEntry[];
  /** File name of the main file, e.g. `sitemap-example.com-20260101.xml`; parts get `-1`, `-2`, ... */
  fileName: string;
  /** Absolute URL at which a file is served by its name; the index must list absolute locations. */
  publicUrl: (fileName: string) => string;
  limits?: { maxUrls?: number; maxBytes?: number };
}

const CHUNK_ENTRIES = 2000;

/** Lets the event loop turn: a 50,000-URL file is built in chunks, not in one blocking run. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function buildFile(head: string, lines: Iterable<string>, tail: string): Promise<string> {
  const chunks = [head];
  let count = 0;
  for (const line of lines) {
    chunks.push(line);
    count += 1;
    if (count % CHUNK_ENTRIES === 0) await turn();
  }
  chunks.push(tail);
  return chunks.join('');
}

function* map<T>(items: readonly T[], render: (item: T) => string): Generator<string> {
  for (const item of items) yield render(item);
}

/**
 * Builds the sitemap for `entries` in memory (the caller stores it): one urlset when it fits the
 * sitemaps.org limits (50,000 URLs, 50 MB), otherwise numbered urlset parts plus a sitemap index
 * under `fileName`.
 */
export async function buildSitemap(options: BuildSitemapOptions): Promise<BuiltSitemap> {
  const { parts, rejected } = planParts(options.entries, options.limits);
  const urls = parts.reduce((sum, part) => sum + part.length, 0);
  // Every part declares the namespaces the whole list uses (what planParts counted).
  const open = urlsetOpen(extensionsOf(options.entries));
  if (parts.length === 1) {
    const xml = await buildFile(open, map(parts[0], urlElement), URLSET_CLOSE);
    return { mainFile: options.fileName, files: [{ name: options.fileName, xml }], isIndex: false, urls, rejected };
  }
  const stem = options.fileName.replace(/\.xml$/i, '');
  const partNames = parts.map((_, index) => `${stem}-${index + 1}.xml`);
  const partFiles: SitemapFile[] = [];
  for (const [index, part] of parts.entries())
    partFiles.push({ name: partNames[index], xml: await buildFile(open, map(part, urlElement), URLSET_CLOSE) });
  const today = new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
  const index = await buildFile(
    INDEX_OPEN,
    map(partNames, (name) => sitemapElement(options.publicUrl(name), today)),
    INDEX_CLOSE,
  );
  return {
    mainFile: options.fileName,
    files: [{ name: options.fileName, xml: index }, ...partFiles],
    isIndex: true,
    urls,
    rejected,
  };
}
