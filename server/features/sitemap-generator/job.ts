import { createHash } from 'node:crypto';
import { threadId } from 'node:worker_threads';
import type { Config } from '#server/config/index.ts';
import type { CrawlProgress } from '#server/lib/crawler/types.ts';
import { isDomainError, type DomainErrorKind } from '#server/lib/domain-errors.ts';
import { defineJob } from '#server/lib/jobs/index.ts';
import type { AppJobDeps } from '#server/job-deps.ts';
import { isDefaultOptions, optionsKey, type SitemapOptions } from '#views/model/sitemap-options.ts';
import { generateSitemap, type CrawlRequest, type GeneratedSitemap } from './generate.ts';

/*
 * The sitemap crawl as a durable job (docs/decisions/0032): crawl, XML and storing run in a job
 * thread of whichever process works the queue; the web process that took the request watches it.
 */

export const SITEMAP_CRAWL_JOB = 'sitemap-crawl';

/** What a crawl reports before its first page: nothing found, the start page waiting. */
export const INITIAL_PROGRESS: CrawlProgress = { found: 0, queued: 1, skipped: 0 };

/**
 * A finished crawl: the stored sitemap with the crawl's last progress, or the domain error the
 * visitor is answered with (an unreachable site, no page to list). Errors cross from the thread as
 * plain data, so the web process can give them their status; they are outcomes, not failed tries.
 */
export type CrawlOutcome =
  | ({
      ok: true;
      progress: CrawlProgress;
      /** The thread that did the work (tests check it is not the main one). */
      threadId: number;
    } & GeneratedSitemap)
  | { ok: false; kind: DomainErrorKind; message: string; retryAfterSeconds?: number };

/**
 * One job per crawl key: the same normalised start URL with the same options joins the crawl in
 * flight from any process.
 * Hashed, so the id has a fixed length whatever the URL.
 */
export function crawlJobId(start: string, options?: SitemapOptions, serverMaxPages?: number): string {
  // A crawl with the default options keeps the id it had before there were options.
  const key =
    options && (serverMaxPages === undefined || !isDefaultOptions(options, serverMaxPages))
      ? `${start}\n${optionsKey(options)}`
      : start;
  return createHash('sha256').update(key).digest('base64url');
}

const definition = defineJob<CrawlRequest, CrawlProgress, CrawlOutcome, AppJobDeps>({
  name: SITEMAP_CRAWL_JOB,
  // Replaced by concurrencyFrom below: SITEMAP_MAX_RUNNING threads in each process that runs jobs.
  concurrency: 4,
  // A second try when the worker running it stopped (a deploy, a crash): another worker crawls again.
  attempts: 2,
  backoffMs: 1000,
  progressIntervalMs: 200,
  async run(job, deps) {
    let last = INITIAL_PROGRESS;
    job.progress(last);
    const options = {
      db: deps.db,
      siteUrl: deps.config.siteUrl,
      settings: deps.config.sitemapGenerator,
      fetcher: deps.crawlFetchers.sitemapGenerator,
      log: deps.log,
    };
    const onProgress = (progress: CrawlProgress) => {
      last = progress;
      job.progress(progress);
    };
    try {
      const generated = await generateSitemap(options, job.input, onProgress, job.signal);
      return { ok: true, ...generated, progress: last, threadId };
    } catch (error) {
      // Stopped (shutdown, cancel): the job system decides what happens next.
      if (job.signal.aborted || !isDomainError(error)) throw error;
      return { ok: false, kind: error.kind, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
    }
  },
  // Nothing of a crawl is stored before it ends: the visitors waiting hear the reason from the job
  // system (service.ts words it for them); the log keeps which site it was.
  async onFailed(input, id, reason, { log }) {
    log.warn({ url: input.start, id, reason }, 'sitemap crawl failed');
  },
});

export const sitemapCrawlJob: typeof definition & { concurrencyFrom(config: Config): number } = {
  ...definition,
  concurrencyFrom: (config: Config) => config.sitemapGenerator.maxRunning,
};
