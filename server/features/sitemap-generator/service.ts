import { randomBytes } from 'node:crypto';
import type { Db } from '#db/index.ts';
import {
  addSitemapVisitor,
  getSitemap,
  getSitemapFile,
  insertSitemap,
  listSitemaps,
  pruneSitemaps,
  type SitemapFileContent,
  type SitemapRecord,
  type StoredSitemap,
} from '#db/generated-sitemaps.ts';
import { BusyError, InvalidInputError, NotPossibleError } from '#server/lib/domain-errors.ts';
import { CRAWLER_BOT_NAME, crawlSite, normalizeUrl } from '#server/lib/crawler/index.ts';
import { hostKey } from '#server/lib/crawler/normalize.ts';
import type { CrawlFetcher, CrawlProgress, CrawlReport } from '#server/lib/crawler/types.ts';
import { createJobRegistry, type RunningJob } from '#server/lib/jobs.ts';
import { buildSitemap } from '#server/lib/sitemap-xml/build.ts';
import { typedUrl } from '#views/model/url-input.ts';
import type { SitemapGeneratorSettings } from '#server/config/sitemap-generator.ts';

export interface GeneratedSitemap {
  /** Path of the main file on this site, e.g. `/sitemaps/sitemap-example.com-20260101-101500-ab12.xml`. */
  sitemap: string;
  record: SitemapRecord;
  report: CrawlReport;
}

/** What a progress stream hears about a crawl. */
export type SitemapEvent =
  | { type: 'progress'; progress: CrawlProgress }
  | { type: 'done'; sitemap: string; pages: number }
  | { type: 'failed'; error: string };

export type SitemapListener = (event: SitemapEvent) => void;

/** A crawl job: the normalised start URL, and whether http may be tried when https has no TLS. */
interface CrawlInput {
  start: string;
  httpFallback: boolean;
}

export interface SitemapGeneratorOptions {
  db: Db;
  /** Public origin of this app; sitemap index entries must be absolute URLs. */
  siteUrl: string;
  fetcher: CrawlFetcher;
  settings: SitemapGeneratorSettings;
  log?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

/** URL path prefix under which generated files are served (by the sitemaps API router). */
export const SITEMAP_FILES_PREFIX = '/api/sitemaps/files/';
const SAFE_FILE_NAME = /^sitemap-[a-z0-9.-]+\.xml$/;
const RESTARTING = 'The server is restarting; please try again in a minute.';
/** Progress is pushed to listeners at most this often; the final state always goes out. */
const PROGRESS_INTERVAL_MS = 200;

function fileNameFor(siteUrl: string, now: Date): string {
  const host =
    hostKey(siteUrl)
      .replace(/[^a-z0-9.-]+/g, '-')
      .replace(/^[.-]+|[.-]+$/g, '')
      .slice(0, 100) || 'site';
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  // 128 random bits: the file is public to whoever has the link, so the link must not be guessable.
  return `sitemap-${host}-${stamp}-${randomBytes(16).toString('hex')}.xml`;
}

/**
 * Generates sitemaps: crawls a site, stores the record and its XML files in the database (so any
 * process can serve any file). Framework-free; the API router validates input and answers with what
 * this returns or throws.
 */
export function createSitemapGenerator(options: SitemapGeneratorOptions) {
  const { db, settings } = options;
  // Crawls keyed by normalised start URL: a second request for a URL being crawled joins the first
  // crawl, and progress listeners can attach before or during it. No waiting line: busy is busy.
  const jobs = createJobRegistry<CrawlInput, CrawlProgress, SitemapEvent, GeneratedSitemap>({
    maxRunning: settings.maxRunning,
    maxQueued: 0,
    refusals: {
      full: {
        message: 'The sitemap generator is busy with other sites; please try again in a minute.',
        retryAfterSeconds: 60,
      },
      closing: { message: RESTARTING },
    },
    initialProgress: { found: 0, queued: 1, skipped: 0 },
    progressIntervalMs: PROGRESS_INTERVAL_MS,
    run: crawlJob,
  });

  async function crawlJob(job: RunningJob<CrawlInput, CrawlProgress, SitemapEvent>): Promise<GeneratedSitemap> {
    job.emit({ type: 'progress', progress: job.progress });
    try {
      const result = await run(
        job.input.start,
        job.input.httpFallback,
        (progress) => job.setProgress(progress),
        job.signal,
      );
      job.emit({ type: 'progress', progress: job.progress });
      job.emit({ type: 'done', sitemap: result.sitemap, pages: result.record.pages });
      return result;
    } catch (error) {
      job.emit({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  async function run(
    startUrl: string,
    httpFallback: boolean,
    onProgress: (p: CrawlProgress) => void,
    signal: AbortSignal,
  ): Promise<GeneratedSitemap> {
    const result = await crawlSite({
      startUrl,
      httpFallback,
      fetcher: options.fetcher,
      botName: CRAWLER_BOT_NAME,
      concurrency: settings.concurrency,
      maxPages: settings.maxPages,
      maxDepth: settings.maxDepth,
      pageTimeoutMs: settings.pageTimeoutMs,
      crawlTimeoutMs: settings.crawlTimeoutMs,
      maxPageBytes: settings.maxPageBytes,
      onProgress,
      signal,
    });
    if (result.report.stoppedBy === 'aborted') throw new BusyError(RESTARTING);
    // A sitemap must list at least one URL (the sitemaps.org schema): say why none could be, instead of writing an invalid file.
    if (result.pages.length === 0) throw new NotPossibleError(noPagesMessage(result.report));
    const now = new Date();
    const fileName = fileNameFor(result.report.siteUrl, now);
    const built = await buildSitemap({
      fileName,
      entries: result.pages,
      publicUrl: (name) => `${options.siteUrl}${SITEMAP_FILES_PREFIX}${name}`,
    });
    const sitemap = `${SITEMAP_FILES_PREFIX}${built.mainFile}`;
    const report = { ...result.report, pages: built.urls };
    const record = await insertSitemap(db, {
      id: randomBytes(12).toString('hex'),
      url: startUrl,
      pages: built.urls,
      sitemapPath: sitemap,
      files: built.files.map((file) => ({ name: file.name, content: file.xml })),
      createdAt: now.toISOString(),
      report,
    });
    options.log?.info(
      { url: startUrl, pages: built.urls, ms: report.durationMs, stoppedBy: report.stoppedBy },
      'sitemap generated',
    );
    // Older sitemaps past SITEMAP_KEEP go, their files with them.
    await pruneSitemaps(db, settings.keep);
    return { sitemap, record, report };
  }

  /**
   * The crawl a URL asks for: its normalised form is the key, so only identical requests (after
   * dropping fragments and tracking parameters) join a running crawl. Another start page on the
   * same host is another visitor's question and gets its own crawl and record. Throws for a URL
   * we cannot crawl.
   */
  function siteKey(url: string): { start: string; key: string; httpFallback: boolean } {
    // What the visitor typed, by the one rule: a bare domain is https first, http when the site has no TLS.
    const typed = typedUrl(url);
    const start = typed.ok ? normalizeUrl(typed.url) : null;
    if (!typed.ok || !start) throw new InvalidInputError('Please enter a valid http:// or https:// URL.');
    return { start, key: start, httpFallback: !typed.schemeTyped };
  }

  return {
    /**
     * Crawls `url` (or joins the running crawl of the same normalised URL) and resolves with the stored
     * sitemap, which from then on is in `visitor`'s list.
     */
    async generate(url: string, visitor: string): Promise<GeneratedSitemap & { reused: boolean }> {
      const { start, key, httpFallback } = siteKey(url);
      const job = jobs.submit({ start, httpFallback }, key);
      const generated = await job.result;
      await addSitemapVisitor(db, generated.record._id, visitor);
      return { ...generated, reused: job.joined };
    },
    /** Progress of the crawl for `url` (normalised): the current snapshot (if running) and live events. */
    watch(
      url: string,
      listener: SitemapListener,
    ): { running: boolean; progress?: CrawlProgress; unsubscribe: () => void } {
      const { key } = siteKey(url);
      const job = jobs.get(key);
      return { running: Boolean(job), progress: job?.progress, unsubscribe: jobs.watch(key, listener) };
    },
    /** The sitemaps made for one visitor, newest first. */
    list(visitor: string, limit?: number): Promise<SitemapRecord[]> {
      return listSitemaps(db, visitor, limit);
    },
    async get(id: string): Promise<StoredSitemap | undefined> {
      return /^[a-f0-9]{24}$/.test(id) ? getSitemap(db, id) : undefined;
    },
    /** A generated file's XML by its name, or null when there is no such file (never made, or pruned). */
    async file(name: string): Promise<SitemapFileContent | null> {
      if (!SAFE_FILE_NAME.test(name)) return null;
      return (await getSitemapFile(db, name)) ?? null;
    },
    /** Stops running crawls (their callers get a 503) and waits for them to finish. */
    close(): Promise<void> {
      return jobs.close();
    },
  };
}

export type SitemapGenerator = ReturnType<typeof createSitemapGenerator>;

/** Why a crawl listed nothing, in the words of the crawl report: the first URL it left out, and why. */
export function noPagesMessage(report: Pick<CrawlReport, 'siteUrl' | 'skipped'>): string {
  const first = report.skipped[0];
  const host = new URL(report.siteUrl).host;
  return first
    ? `No page of ${host} can go in a sitemap: ${first.url} was left out (${first.detail}).`
    : `No page of ${host} can go in a sitemap.`;
}
