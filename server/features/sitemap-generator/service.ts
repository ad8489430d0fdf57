import type { Db } from '#db/index.ts';
import {
  addSitemapVisitor,
  getSitemap,
  getSitemapFile,
  listSitemaps,
  type SitemapFileContent,
  type SitemapRecord,
  type StoredSitemap,
} from '#db/generated-sitemaps.ts';
import type { SitemapGeneratorSettings } from '#server/config/sitemap-generator.ts';
import { normalizeUrl } from '#server/lib/crawler/index.ts';
import type { CrawlProgress } from '#server/lib/crawler/types.ts';
import { BusyError, DomainError, InvalidInputError } from '#server/lib/domain-errors.ts';
import { JOB_REASONS, JobWaitTimeout, waitForOutcome, type JobEvent, type Jobs } from '#server/lib/jobs/index.ts';
import { typedUrl } from '#views/model/url-input.ts';
import { resolveSitemapOptions, type SitemapOptions, type SitemapOptionsInput } from '#views/model/sitemap-options.ts';
import { RESTARTING, type CrawlRequest, type GeneratedSitemap } from './generate.ts';
import { crawlJobId, INITIAL_PROGRESS, SITEMAP_CRAWL_JOB, sitemapCrawlJob, type CrawlOutcome } from './job.ts';

export { noPagesMessage, SITEMAP_FILES_PREFIX, type GeneratedSitemap } from './generate.ts';

/** What a progress stream hears about a crawl. */
export type SitemapEvent =
  | { type: 'progress'; progress: CrawlProgress }
  | { type: 'done'; sitemap: string; pages: number }
  | { type: 'failed'; error: string };

export type SitemapListener = (event: SitemapEvent) => void;

export interface SitemapGeneratorOptions {
  db: Db;
  /** The crawls run as jobs (job.ts) in whichever process works the queue. */
  jobs: Jobs;
  settings: SitemapGeneratorSettings;
}

const SAFE_FILE_NAME = /^sitemap-[a-z0-9.-]+\.(?:xml|html)$/;
const FULL = 'The sitemap generator is busy with other sites; please try again in a minute.';
const STOPPED = 'The crawl stopped because the server running it stopped; please try again in a minute.';
const CANCELLED = 'The crawl was cancelled; please try again in a minute.';
const TOO_LONG = 'The crawl is taking longer than it should; please try again in a few minutes.';
const FAILED = 'The sitemap could not be generated; please try again.';
/** A waiting request also reads the job's state this often, should an event from another process go astray. */
const RECHECK_MS = 5000;
/** What a request allows beyond its crawl's time limits: the wait for a thread, the XML, the storing. */
const WAIT_SLACK_MS = 60_000;

/** A crawl that failed as a job (its worker stopped, an unexpected error), as the visitor is told. */
function failureOf(reason: string): Error {
  if (reason === JOB_REASONS.workerStopped || reason === JOB_REASONS.serverStopped) return new BusyError(STOPPED, 60);
  if (reason === JOB_REASONS.cancelledActive || reason === JOB_REASONS.cancelledQueued)
    return new BusyError(CANCELLED, 60);
  // Not the visitor's business: a 500, logged with the reason.
  return new Error(`The sitemap crawl failed: ${reason}`);
}

/** A job's event as a progress stream tells it. */
function sitemapEventsOf(event: JobEvent): SitemapEvent[] {
  if (event.type === 'progress') return [{ type: 'progress', progress: event.progress as CrawlProgress }];
  if (event.type === 'failed') {
    const error = failureOf(event.error);
    return [{ type: 'failed', error: error instanceof DomainError ? error.message : FAILED }];
  }
  const outcome = event.result as CrawlOutcome;
  if (!outcome.ok) return [{ type: 'failed', error: outcome.message }];
  // The crawl's last progress goes out before the end, whatever the throttle held back.
  return [
    { type: 'progress', progress: outcome.progress },
    { type: 'done', sitemap: outcome.sitemap, pages: outcome.record.pages },
  ];
}

/**
 * The crawl a URL asks for: its normalised form is the key, so only identical requests (after
 * dropping fragments and tracking parameters) join a running crawl. Another start page on the
 * same host is another visitor's question and gets its own crawl and record. Throws for a URL
 * we cannot crawl.
 */
function siteKey(
  settings: SitemapGeneratorSettings,
  url: string,
  given: SitemapOptionsInput = {},
): { start: string; id: string; httpFallback: boolean; options: SitemapOptions } {
  // What the visitor typed, by the one rule: a bare domain is https first, http when the site has no TLS.
  const typed = typedUrl(url);
  const start = typed.ok ? normalizeUrl(typed.url) : null;
  if (!typed.ok || !start) throw new InvalidInputError('Please enter a valid http:// or https:// URL.');
  if (given.maxPages !== undefined && given.maxPages > settings.maxPages)
    throw new InvalidInputError(`The page limit must be at most ${settings.maxPages}.`);
  const options = resolveSitemapOptions(given, settings.maxPages);
  return {
    start,
    id: crawlJobId(start, options, settings.maxPages),
    httpFallback: !typed.schemeTyped,
    options,
  };
}

/** Progress of the crawl `id`, run by any process: its snapshot (if running) and live events. */
async function watchCrawl(
  jobs: Jobs,
  id: string,
  listener: SitemapListener,
): Promise<{ running: boolean; progress?: CrawlProgress; unsubscribe: () => void }> {
  const unsubscribe = jobs.watch(SITEMAP_CRAWL_JOB, id, (event) => {
    for (const sitemapEvent of sitemapEventsOf(event)) listener(sitemapEvent);
  });
  try {
    const state = await jobs.state(SITEMAP_CRAWL_JOB, id);
    const running = state?.status === 'queued' || state?.status === 'active';
    const progress = running ? ((state.progress as CrawlProgress | undefined) ?? INITIAL_PROGRESS) : undefined;
    return { running, progress, unsubscribe };
  } catch (error) {
    unsubscribe();
    throw error;
  }
}

/**
 * Generates sitemaps: each crawl is a job (job.ts) that crawls, builds the XML and stores it in a job
 * thread of whichever process works the queue; this side accepts requests, waits for the outcome and
 * serves what is stored. Framework-free; the API router validates input and answers with what this
 * returns or throws.
 */
export function createSitemapGenerator(options: SitemapGeneratorOptions) {
  const { db, jobs, settings } = options;
  const waitMs = settings.crawlTimeoutMs * sitemapCrawlJob.attempts + WAIT_SLACK_MS;
  const waiting = new Set<(error: Error) => void>();
  let admitting: Promise<unknown> = Promise.resolve();
  let closing = false;

  /**
   * Joins the crawl in flight for `id`, else starts one unless SITEMAP_MAX_RUNNING crawls are queued
   * or running, counted in the queue every process shares. One admission at a time in this process,
   * so its own requests never pass the cap together (two processes at the same moment may).
   */
  function admit(id: string, request: CrawlRequest): Promise<boolean> {
    const admitted = admitting.then(async () => {
      const state = await jobs.state(SITEMAP_CRAWL_JOB, id);
      if (state?.status !== 'queued' && state?.status !== 'active') {
        const { queued, active } = await jobs.counts(SITEMAP_CRAWL_JOB);
        if (queued + active >= settings.maxRunning) throw new BusyError(FULL, 60);
      }
      return (await jobs.enqueue(SITEMAP_CRAWL_JOB, request, { id })).joined;
    });
    admitting = admitted.catch(() => undefined);
    return admitted;
  }

  /**
   * The outcome of the crawl `id`, heard from whichever process runs it, within the crawl's time
   * limits (and its second try's) plus some slack. Watch first, then enqueue, then `check`: nothing
   * is missed.
   */
  function outcomeOf(id: string) {
    let stopped!: (error: Error) => void;
    const closing = new Promise<never>((_, reject) => (stopped = reject));
    const waiter = waitForOutcome(jobs, SITEMAP_CRAWL_JOB, id, { timeoutMs: waitMs, recheckMs: RECHECK_MS });
    const outcome = Promise.race([waiter.end, closing]).then(
      (end) => (end.type === 'completed' ? (end.result as CrawlOutcome) : Promise.reject(failureOf(end.error))),
      (error: unknown) => Promise.reject(error instanceof JobWaitTimeout ? new BusyError(TOO_LONG, 60) : error),
    );
    outcome.catch(() => undefined);
    waiting.add(stopped);
    return {
      outcome,
      check: waiter.check,
      stop() {
        waiter.stop();
        waiting.delete(stopped);
      },
    };
  }

  return {
    /**
     * Crawls `url` (or joins the crawl of the same normalised URL, started in any process) and
     * resolves with the stored sitemap, which from then on is in `visitor`'s list.
     */
    async generate(
      url: string,
      visitor: string,
      given: SitemapOptionsInput = {},
    ): Promise<GeneratedSitemap & { reused: boolean }> {
      if (closing) throw new BusyError(RESTARTING);
      const { start, id, httpFallback, options } = siteKey(settings, url, given);
      const waiter = outcomeOf(id);
      try {
        const reused = await admit(id, { start, httpFallback, visitor, options });
        void waiter.check();
        const outcome = await waiter.outcome;
        if (!outcome.ok) throw new DomainError(outcome.kind, outcome.message, outcome.retryAfterSeconds);
        // The visitor who started the crawl went in with the sitemap (the job's input); one who joined
        // is recorded here, by the process answering them, wherever the crawl ran.
        await addSitemapVisitor(db, outcome.record._id, visitor);
        return { sitemap: outcome.sitemap, record: outcome.record, report: outcome.report, reused };
      } finally {
        waiter.stop();
      }
    },
    /** Throws what is wrong with a URL and options (a page limit over this server's), before a stream opens. */
    check(url: string, given: SitemapOptionsInput = {}): void {
      siteKey(settings, url, given);
    },
    /** Progress of the crawl for `url` (normalised), run by any process: its snapshot (if running) and live events. */
    async watch(url: string, listener: SitemapListener, given: SitemapOptionsInput = {}) {
      return watchCrawl(jobs, siteKey(settings, url, given).id, listener);
    },
    /** The sitemaps made for one visitor, newest first. */
    list(visitor: string, limit?: number): Promise<SitemapRecord[]> {
      return listSitemaps(db, visitor, limit);
    },
    async get(id: string): Promise<StoredSitemap | undefined> {
      return /^[a-f0-9]{24}$/.test(id) ? getSitemap(db, id) : undefined;
    },
    /** A generated file (its XML, or the HTML sitemap) by its name, or null when there is none (never made, or pruned). */
    async file(name: string): Promise<SitemapFileContent | null> {
      if (!SAFE_FILE_NAME.test(name)) return null;
      return (await getSitemapFile(db, name)) ?? null;
    },
    /**
     * Refuses new crawls and answers the requests waiting here with a 503. The crawls themselves are
     * the job system's: its close stops them ('shutdown': taken up again by a worker, or at the next
     * start), and whoever started one still finds its sitemap in their list when it ends.
     */
    async close(): Promise<void> {
      closing = true;
      for (const reject of [...waiting]) reject(new BusyError(RESTARTING));
    },
  };
}

export type SitemapGenerator = ReturnType<typeof createSitemapGenerator>;
