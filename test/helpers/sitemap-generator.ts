import type { Db, Dialect } from '#db/index.ts';
import { loadConfig } from '#server/config/index.ts';
import type { SitemapGeneratorSettings } from '#server/config/sitemap-generator.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import type { CrawlFetcher } from '#server/lib/crawler/types.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { createSitemapGenerator, type SitemapGenerator } from '#server/features/sitemap-generator/service.ts';
import { closeTestDatabase, openTestDatabase } from './databases.ts';
import { assertValidSitemap } from './sitemap-schema.ts';

export interface ServiceHarness {
  service: SitemapGenerator;
  db: Db;
  /** The stored XML of a generated file, by name; throws when there is none. */
  xmlOf(name: string): Promise<string>;
  /** The names of every stored file, sorted. */
  fileNames(): Promise<string[]>;
  cleanup(): Promise<void>;
}

/** A sitemap service over a fresh test database (SQLite in memory unless `dialect` says PostgreSQL). */
export async function makeSitemapGenerator(
  options: {
    allowPrivate?: string[];
    fetcher?: CrawlFetcher;
    settings?: Partial<SitemapGeneratorSettings>;
    dialect?: Dialect;
  } = {},
): Promise<ServiceHarness> {
  const db = await openTestDatabase(options.dialect ?? 'sqlite');
  const fetcher =
    options.fetcher ??
    createSafeFetcher({
      allowPrivate: options.allowPrivate ?? [],
      userAgent: `${CRAWLER_BOT_NAME}/1.0 (+http://tools.test)`,
    });
  const service = createSitemapGenerator({
    db,
    siteUrl: 'http://tools.test',
    fetcher,
    settings: { ...loadConfig({}).sitemapGenerator, ...options.settings },
  });
  const files = () => db.selectFrom('sitemap_files').select(['name', 'content']).orderBy('name').execute();
  return {
    service,
    db,
    async xmlOf(name) {
      const row = await db.selectFrom('sitemap_files').select('content').where('name', '=', name).executeTakeFirst();
      if (!row) throw new Error(`no stored sitemap file ${name}`);
      return row.content;
    },
    fileNames: async () => (await files()).map((file) => file.name),
    // Every sitemap a test generated must pass the sitemaps.org schema, whatever the test looked at.
    cleanup: async () => {
      await service.close();
      try {
        for (const file of await files()) assertValidSitemap(file.content, file.name);
      } finally {
        await closeTestDatabase(db);
      }
    },
  };
}

/** The file name (last path segment) of a sitemap path such as `/api/sitemaps/files/sitemap-x.xml`. */
export function fileOf(sitemapPath: string): string {
  return sitemapPath.slice(sitemapPath.lastIndexOf('/') + 1);
}
