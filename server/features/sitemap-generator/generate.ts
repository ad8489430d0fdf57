import { randomBytes } from 'node:crypto';
import type { Db } from '#db/index.ts';
import { insertSitemap, pruneSitemaps, type SitemapRecord } from '#db/generated-sitemaps.ts';
import type { SitemapGeneratorSettings } from '#server/config/sitemap-generator.ts';
import { CRAWLER_BOT_NAME, crawlSite } from '#server/lib/crawler/index.ts';
import { hostKey } from '#server/lib/crawler/normalize.ts';
import type { CrawlFetcher, CrawlProgress, CrawlReport } from '#server/lib/crawler/types.ts';
import { BusyError, NotPossibleError } from '#server/lib/domain-errors.ts';
import { buildSitemap } from '#server/lib/sitemap-xml/build.ts';
import { MAX_ALTERNATES_PER_URL, MAX_IMAGES_PER_URL } from '#server/lib/sitemap-xml/xml.ts';
import { buildHtmlSitemap } from '#server/lib/sitemap-xml/html.ts';
import { defaultSitemapOptions, type SitemapOptions } from '#views/model/sitemap-options.ts';
import { compilePatterns } from '#views/model/sitemap-patterns.ts';

/*
 * The sitemap generator's work: crawl a site, build its XML, store the record and its files. It runs
 * in a job thread (job.ts), never on the event loop that serves pages.
 */

/** The crawl report as stored and answered: what the crawl found, with the options it ran with. */
export interface SitemapReport extends CrawlReport {
  options: SitemapOptions;
  /** `image:image` entries written (over every URL). */
  images: number;
  /** `xhtml:link` hreflang entries written (over every URL). */
  alternates: number;
  /** Path of the HTML sitemap on this site (same name as the XML, `.html`). */
  htmlSitemap: string;
}

export interface GeneratedSitemap {
  /** Path of the main file on this site, e.g. `/api/sitemaps/files/sitemap-example.com-20260101-101500-ab12.xml`. */
  sitemap: string;
  record: SitemapRecord;
  report: SitemapReport;
}

/** A crawl: the normalised start URL, whether http may be tried when https has no TLS, who asked first, how. */
export interface CrawlRequest {
  start: string;
  httpFallback: boolean;
  /** The visitor whose request started the crawl: the sitemap goes in their list with it. */
  visitor: string;
  /** Every option, defaults filled in (jobs queued before options existed have none: the defaults). */
  options?: SitemapOptions;
}

export interface GenerateOptions {
  db: Db;
  /** Public origin of this app; sitemap index entries must be absolute URLs. */
  siteUrl: string;
  settings: SitemapGeneratorSettings;
  fetcher: CrawlFetcher;
  log?: { info(obj: object, msg?: string): void };
}

/** URL path prefix under which generated files are served (by the sitemaps API router). */
export const SITEMAP_FILES_PREFIX = '/api/sitemaps/files/';
export const RESTARTING = 'The server is restarting; please try again in a minute.';

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
 * Crawls `request.start`, builds the sitemap and stores it with its files and first visitor (one
 * transaction), then prunes past SITEMAP_KEEP. Throws domain errors for what the visitor can act on.
 */
export async function generateSitemap(
  options: GenerateOptions,
  request: CrawlRequest,
  onProgress: (progress: CrawlProgress) => void,
  signal: AbortSignal,
): Promise<GeneratedSitemap> {
  const { settings } = options;
  const chosen = request.options ?? defaultSitemapOptions(settings.maxPages);
  const result = await crawlSite({
    startUrl: request.start,
    httpFallback: request.httpFallback,
    fetcher: options.fetcher,
    botName: CRAWLER_BOT_NAME,
    concurrency: settings.concurrency,
    maxPages: Math.min(chosen.maxPages, settings.maxPages),
    maxDepth: settings.maxDepth,
    pageTimeoutMs: settings.pageTimeoutMs,
    crawlTimeoutMs: settings.crawlTimeoutMs,
    maxPageBytes: settings.maxPageBytes,
    onProgress,
    signal,
    exclude: chosen.exclude.length ? compilePatterns(chosen.exclude) : undefined,
    include: chosen.include.length ? compilePatterns(chosen.include) : undefined,
    listNoindex: chosen.includeNoindex,
    listNonCanonical: chosen.includeNonCanonical,
    images: chosen.images,
    alternates: chosen.hreflang,
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
  const htmlName = fileName.replace(/\.xml$/, '.html');
  const rejected = new Set(built.rejected);
  const written = result.pages.filter((page) => !rejected.has(page));
  const report: SitemapReport = {
    ...result.report,
    pages: built.urls,
    options: chosen,
    images: written.reduce((sum, page) => sum + Math.min(page.images?.length ?? 0, MAX_IMAGES_PER_URL), 0),
    alternates: written.reduce((sum, page) => sum + Math.min(page.alternates?.length ?? 0, MAX_ALTERNATES_PER_URL), 0),
    htmlSitemap: `${SITEMAP_FILES_PREFIX}${htmlName}`,
  };
  const html = buildHtmlSitemap({ siteUrl: result.report.siteUrl, pages: written, generatedAt: now.toISOString() });
  const record = await insertSitemap(options.db, {
    id: randomBytes(12).toString('hex'),
    url: request.start,
    pages: built.urls,
    sitemapPath: sitemap,
    files: [...built.files.map((file) => ({ name: file.name, content: file.xml })), { name: htmlName, content: html }],
    createdAt: now.toISOString(),
    report,
    visitors: [request.visitor],
  });
  options.log?.info(
    { url: request.start, pages: built.urls, ms: report.durationMs, stoppedBy: report.stoppedBy },
    'sitemap generated',
  );
  // Older sitemaps past SITEMAP_KEEP go, their files with them.
  await pruneSitemaps(options.db, settings.keep);
  return { sitemap, record, report };
}

/** Why a crawl listed nothing, in the words of the crawl report: the first URL it left out, and why. */
export function noPagesMessage(report: Pick<CrawlReport, 'siteUrl' | 'skipped' | 'skippedCounts'>): string {
  const first = report.skipped[0];
  const host = new URL(report.siteUrl).host;
  const notIncluded = report.skippedCounts['not-included'] ?? 0;
  if (notIncluded > 0)
    return `No page of ${host} matches your include patterns: ${notIncluded} page${notIncluded === 1 ? ' was' : 's were'} crawled and left out.`;
  return first
    ? `No page of ${host} can go in a sitemap: ${first.url} was left out (${first.detail}).`
    : `No page of ${host} can go in a sitemap.`;
}
