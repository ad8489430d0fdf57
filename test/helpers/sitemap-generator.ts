import type { Db, Dialect } from '#db/index.ts';
import { loadConfig, type Config } from '#server/config/index.ts';
import type { SitemapGeneratorSettings } from '#server/config/sitemap-generator.ts';
import { createSitemapGenerator, type SitemapGenerator } from '#server/features/sitemap-generator/service.ts';
import { openJobSystem } from '#server/job-system.ts';
import type { Jobs } from '#server/lib/jobs/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import { openJobsDatabase } from './jobs.ts';
import { assertValidSitemap } from './sitemap-schema.ts';

export interface ServiceHarness {
  service: SitemapGenerator;
  db: Db;
  /** The job system the crawls run on, working (its threads crawl). */
  jobs: Jobs;
  /** The stored XML of a generated file, by name; throws when there is none. */
  xmlOf(name: string): Promise<string>;
  /** The names of every stored file, sorted. */
  fileNames(): Promise<string[]>;
  /** Stops the service and the job system (running crawls are aborted), as a server shutting down. */
  stop(): Promise<void>;
  cleanup(): Promise<void>;
}

/**
 * A sitemap service over a fresh test database with a working job system: SQLite (a file, the
 * embedded queue) unless `dialect` says PostgreSQL (BullMQ). The crawls run in real job threads, so
 * what they reach comes from the config they are handed (`allowPrivate`: FETCH_ALLOW_PRIVATE).
 */
export async function makeSitemapGenerator(
  options: {
    allowPrivate?: string[];
    settings?: Partial<SitemapGeneratorSettings>;
    dialect?: Dialect;
  } = {},
): Promise<ServiceHarness> {
  const loaded = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SITE_URL: 'http://tools.test',
    FETCH_ALLOW_PRIVATE: (options.allowPrivate ?? []).join(','),
  });
  const config: Config = { ...loaded, sitemapGenerator: { ...loaded.sitemapGenerator, ...options.settings } };
  const database = await openJobsDatabase(options.dialect === 'postgres' ? 'bullmq' : 'embedded');
  const { db } = database;
  const jobs = await openJobSystem({
    config,
    db,
    log: createLogger('silent'),
    databaseTarget: database.target,
    databaseOptions: database.options,
    queueSchema: database.queueSchema,
    // The threads run the build, which the test run's global setup keeps current (build-if-needed).
    threadsFromBuild: true,
  });
  await jobs.work();
  const service = createSitemapGenerator({ db, jobs, settings: config.sitemapGenerator });
  const stop = async () => {
    await service.close();
    await jobs.close();
  };
  return {
    service,
    db,
    jobs,
    xmlOf: (name) => storedXml(db, name),
    fileNames: async () => (await storedFiles(db)).map((file) => file.name),
    stop,
    cleanup: async () => {
      await stop();
      try {
        await assertStoredSitemapsValid(db);
      } finally {
        await database.close();
      }
    },
  };
}

function storedFiles(db: Db) {
  return db.selectFrom('sitemap_files').select(['name', 'content']).orderBy('name').execute();
}

/** The stored XML of a generated file, by name; throws when there is none. */
export async function storedXml(db: Db, name: string): Promise<string> {
  const row = await db.selectFrom('sitemap_files').select('content').where('name', '=', name).executeTakeFirst();
  if (!row) throw new Error(`no stored sitemap file ${name}`);
  return row.content;
}

/** Every sitemap a test generated must pass the sitemaps.org schema, whatever the test looked at. */
export async function assertStoredSitemapsValid(db: Db): Promise<void> {
  // The HTML sitemaps are stored beside the XML (checked by their own tests).
  for (const file of await storedFiles(db))
    if (!file.name.endsWith('.html')) assertValidSitemap(file.content, file.name);
}

/** The file name (last path segment) of a sitemap path such as `/api/sitemaps/files/sitemap-x.xml`. */
export function fileOf(sitemapPath: string): string {
  return sitemapPath.slice(sitemapPath.lastIndexOf('/') + 1);
}
