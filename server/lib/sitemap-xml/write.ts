import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  INDEX_CLOSE,
  INDEX_OPEN,
  planParts,
  sitemapElement,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlElement,
  type SitemapEntry,
} from './xml.ts';

export interface WrittenSitemap {
  /** The file to hand out: the urlset itself, or the sitemap index when the URLs needed parts. */
  mainFile: string;
  /** Every file written, main file first. */
  files: string[];
  isIndex: boolean;
  urls: number;
  rejected: SitemapEntry[];
}

export interface WriteSitemapOptions {
  entries: readonly SitemapEntry[];
  dir: string;
  /** File name of the main file, e.g. `sitemap-example.com-20260101.xml`; parts get `-1`, `-2`, ... */
  fileName: string;
  /** Absolute URL at which a file in `dir` is served; the index must list absolute locations. */
  publicUrl: (fileName: string) => string;
  limits?: { maxUrls?: number; maxBytes?: number };
}

const CHUNK_ENTRIES = 2000;

async function writeFileInChunks(path: string, head: string, lines: Iterable<string>, tail: string): Promise<void> {
  // Written to a temporary name first so a half-written sitemap is never served.
  const temporary = `${path}.partial`;
  const handle = await open(temporary, 'w');
  try {
    let buffer = head;
    let count = 0;
    for (const line of lines) {
      buffer += line;
      count += 1;
      if (count % CHUNK_ENTRIES === 0) {
        await handle.write(buffer);
        buffer = '';
      }
    }
    await handle.write(buffer + tail);
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
}

function* map<T>(items: readonly T[], render: (item: T) => string): Generator<string> {
  for (const item of items) yield render(item);
}

/**
 * Writes the sitemap for `entries`: one urlset when it fits the sitemaps.org limits
 * (50,000 URLs, 50 MB), otherwise numbered urlset parts plus a sitemap index under `fileName`.
 */
export async function writeSitemap(options: WriteSitemapOptions): Promise<WrittenSitemap> {
  const { parts, rejected } = planParts(options.entries, options.limits);
  const urls = parts.reduce((sum, part) => sum + part.length, 0);
  const mainPath = join(options.dir, options.fileName);
  if (parts.length === 1) {
    await writeFileInChunks(mainPath, URLSET_OPEN, map(parts[0], urlElement), URLSET_CLOSE);
    return { mainFile: options.fileName, files: [options.fileName], isIndex: false, urls, rejected };
  }
  const stem = options.fileName.replace(/\.xml$/i, '');
  const partNames = parts.map((_, index) => `${stem}-${index + 1}.xml`);
  const written: string[] = [];
  try {
    for (const [index, part] of parts.entries()) {
      await writeFileInChunks(join(options.dir, partNames[index]), URLSET_OPEN, map(part, urlElement), URLSET_CLOSE);
      written.push(partNames[index]);
    }
    const today = new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
    await writeFileInChunks(
      mainPath,
      INDEX_OPEN,
      map(partNames, (name) => sitemapElement(options.publicUrl(name), today)),
      INDEX_CLOSE,
    );
  } catch (error) {
    await Promise.all(written.map((name) => rm(join(options.dir, name), { force: true })));
    throw error;
  }
  return { mainFile: options.fileName, files: [options.fileName, ...partNames], isIndex: true, urls, rejected };
}
