import { describe, expect, test } from 'vitest';
import { htmlPage, ok, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { createInMemoryFetcher } from '#test/helpers/in-memory-fetcher.ts';
import { loadConfig } from '#server/config/index.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { assertStoredSitemapsValid, fileOf, storedXml } from '#test/helpers/sitemap-generator.ts';
import { parseSitemapXml } from '#test/helpers/sitemap-xml.ts';
import { generateSitemap } from './generate.ts';

const SECTIONS = 500;
const PER_SECTION = 101;
const TOTAL = 1 + SECTIONS + SECTIONS * PER_SECTION; // 51,001 pages

// 51,001 pages answered from memory (no sockets) so the index case runs in seconds. The fetcher is a
// function, which cannot be handed to a job thread: this runs the job's work (generate.ts) directly.
const bigSite: FixtureSite = (path) => {
  if (path === '/robots.txt') return undefined;
  if (path === '/') return ok(htmlPage({ links: Array.from({ length: SECTIONS }, (_, s) => `/s${s}/`) }));
  const section = /^\/s(\d+)\/$/.exec(path);
  if (section) return ok(htmlPage({ links: Array.from({ length: PER_SECTION }, (_, p) => `/s${section[1]}/p${p}`) }));
  return /^\/s\d+\/p\d+$/.test(path) ? ok(htmlPage({ links: ['/'] })) : undefined;
};

describe.each(DIALECTS)('%s', (dialect) => {
  test('a site of more than 50,000 pages yields numbered sitemap parts and a valid sitemap index', async () => {
    const origin = 'http://big.example';
    const fetcher = createInMemoryFetcher(bigSite, origin);
    const db = await openTestDatabase(dialect);
    const xmlOf = (name: string) => storedXml(db, name);
    try {
      const settings = { ...loadConfig({}).sitemapGenerator, maxPages: 60_000 };
      const result = await generateSitemap(
        { db, siteUrl: 'http://tools.test', settings, fetcher },
        { start: `${origin}/`, httpFallback: false, visitor: 'alice' },
        () => undefined,
        new AbortController().signal,
      );
      expect(result.record.pages).toBe(TOTAL);
      expect(result.report.stoppedBy).toBe('complete');
      const index = parseSitemapXml(await xmlOf(fileOf(result.sitemap)));
      expect(index.kind).toBe('sitemapindex');
      const stem = fileOf(result.sitemap).slice(0, -'.xml'.length);
      expect(index.entries.map((entry) => entry.loc)).toEqual([
        `http://tools.test/api/sitemaps/files/${stem}-1.xml`,
        `http://tools.test/api/sitemaps/files/${stem}-2.xml`,
      ]);
      const locs = new Set<string>();
      const sizes: number[] = [];
      for (const n of [1, 2]) {
        const part = parseSitemapXml(await xmlOf(`${stem}-${n}.xml`));
        sizes.push(part.entries.length);
        for (const entry of part.entries) locs.add(entry.loc);
      }
      expect(sizes).toEqual([50_000, TOTAL - 50_000]);
      expect(locs.size).toBe(TOTAL);
      expect(locs.has(`${origin}/s499/p100`)).toBe(true);
      expect(fetcher.requests.length).toBe(TOTAL + 1);
    } finally {
      try {
        await assertStoredSitemapsValid(db);
      } finally {
        await closeTestDatabase(db);
      }
    }
  }, 60_000);
});
