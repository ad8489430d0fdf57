import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '#db/index.ts';
import { loadConfig } from '#server/config/index.ts';
import type { SitemapGeneratorSettings } from '#server/config/sitemap-generator.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import type { CrawlFetcher } from '#server/lib/crawler/types.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { createSitemapGenerator, type SitemapGenerator } from '#server/features/sitemap-generator/service.ts';
import { assertValidSitemapFiles } from './sitemap-schema.ts';

export interface ServiceHarness {
  service: SitemapGenerator;
  dataDir: string;
  cleanup(): Promise<void>;
}

/** A sitemap service over an in-memory database and a temporary DATA_DIR. */
export async function makeSitemapGenerator(
  options: { allowPrivate?: string[]; fetcher?: CrawlFetcher; settings?: Partial<SitemapGeneratorSettings> } = {},
): Promise<ServiceHarness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sitemaps-'));
  const fetcher =
    options.fetcher ??
    createSafeFetcher({
      allowPrivate: options.allowPrivate ?? [],
      userAgent: `${CRAWLER_BOT_NAME}/1.0 (+http://tools.test)`,
    });
  const service = createSitemapGenerator({
    db: openDatabase(':memory:'),
    dataDir,
    siteUrl: 'http://tools.test',
    fetcher,
    settings: { ...loadConfig({}).sitemapGenerator, ...options.settings },
  });
  return {
    service,
    dataDir,
    // Every sitemap a test generated must pass the sitemaps.org schema, whatever the test looked at.
    cleanup: async () => {
      await service.close();
      try {
        await assertValidSitemapFiles(join(dataDir, 'sitemaps'));
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** The file name (last path segment) of a sitemap path such as `/api/sitemaps/files/sitemap-x.xml`. */
export function fileOf(sitemapPath: string): string {
  return sitemapPath.slice(sitemapPath.lastIndexOf('/') + 1);
}
