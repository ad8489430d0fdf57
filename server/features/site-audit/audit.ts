import { collectGarbage } from '#server/lib/collect-garbage.ts';
import { CRAWLER_BOT_NAME, normalizeUrl, runCrawl } from '#server/lib/crawler/index.ts';
import { eventLoopSlicer, type TimeSlicer } from '#server/lib/crawler/time-slice.ts';
import type { CrawlFetcher, StopReason } from '#server/lib/crawler/types.ts';
import {
  ANALYSIS_BATCH,
  FRONTIER_BATCH,
  SITE_AUDIT_LIMITS,
  type ExternalCheckSettings,
  type SiteAuditLimits,
} from '#server/config/site-audit-defaults.ts';
import { checkExternalUrls, type ExternalCheck } from './external-links.ts';
import {
  evaluateRulesSliced,
  summarize,
  type AuditSummaryCounts,
  type Evaluation,
  type IssueInstance,
  type RuleInput,
} from './rules/index.ts';
import type { AuditRenderer } from './render/renderer.ts';
import type { SitemapFile } from './sitemaps.ts';
import { createCrawlWriter, type CrawlStoreTarget, type CrawlWriter } from './crawl-writer.ts';
import { storedSummary, streamAnalysis } from './streamed-analysis.ts';
import type { SiteChecks } from '#server/config/site-audit-defaults.ts';
import { createRateMeter } from './rate.ts';
import { crawlFactsOf, type ResumedCrawl } from './resume.ts';
import { createUrlStore, isResource, type UrlNode, type UrlStore } from './store.ts';
import { createStoredQueue, type StoredQueue } from './stored-queue.ts';
import { createAuditVisitor } from './visitor.ts';
import { sharedCrawl, type SharedReads } from './shared/remote-pages.ts';
import { LOCAL_READERS, startLocalReads, type LocalReadsOptions } from './reader/local-reads.ts';
import type { ChecksThreadSettings } from './store-analysis/checks-thread-start.ts';
import { stepClock, type StepTimes } from './steps.ts';

/** Link depth cap for the crawl itself; depth is judged afterwards from the whole link graph. */
const MAX_CRAWL_DEPTH = 10_000;

export interface AuditProgress {
  crawled: number;
  discovered: number;
  /** Once the crawl is done, when other sites' URLs are checked: how many of how many. */
  externalChecked?: number;
  externalTotal?: number;
  /** While crawling, once it has run a few seconds: URLs per second lately, and the time left at that rate. */
  pagesPerSecond?: number;
  secondsLeft?: number;
  /** The report is stored (the audit is done): what follows is the crawl store's drop, which watchers need not wait for. */
  stored?: true;
}

export interface RunSiteAuditOptions {
  startUrl: string;
  fetcher: CrawlFetcher;
  limits?: Partial<SiteAuditLimits>;
  signal?: AbortSignal;
  onProgress?: (progress: AuditProgress) => void;
  /** The visitor typed a bare domain: when https fails at the connection, audit the site over http. */
  httpFallback?: boolean;
  /** Shares the event loop with the pages being served (default: this thread's one slicer). */
  slicer?: TimeSlicer;
  /**
   * Check links, scripts and stylesheets on other sites once the crawl is done (default off here;
   * the form ticks it). Settings override the defaults (EXTERNAL_CHECK_DEFAULTS).
   */
  externalLinks?: boolean | Partial<ExternalCheckSettings>;
  /** Render JavaScript: each HTML page is rendered in this browser and read from its rendered DOM. */
  renderer?: AuditRenderer;
  /** Where the crawl writes its URLs and page records in batches (decision 0059); none: memory only. */
  crawlStore?: CrawlStoreTarget;
  /**
   * Where the analysis runs (decisions 0062, 0065): `store`, over `crawlStore` once its last batch is written, every
   * rule over the store and its findings written to `site_audit_issues` as they come, the outcome's `issues` empty
   * (`issuesStored`) and its summary counted from that table; `memory` (the default) every rule over the nodes.
   */
  siteChecks?: SiteChecks;
  /** Carry on the crawl an earlier try stored (its process died): read back by resume.ts. */
  resume?: ResumedCrawl;
  /** URLs of the crawl store read at a time by that analysis (SITE_AUDIT_ANALYSIS_BATCH; default ANALYSIS_BATCH). */
  analysisBatch?: number;
  /** Hears the audit's URL store once it is made (a test counts the page records memory holds). */
  urlStore?: (store: UrlStore) => void;
  /**
   * Keep each page's record in memory after its batch is written, though the analysis runs from the store:
   * a test that runs the in-memory rules on the same crawl to compare. Audits release them (0059 addendum).
   */
  keepRecords?: boolean;
  /**
   * Hand the pages to the audit's parts on the workers (decision 0071; needs `crawlStore`): each page but the
   * start URL's is fetched and read by whichever part claims it, and its answer visited here.
   */
  shared?: SharedReads;
  /**
   * Read the pages in reader threads of this process (decision 0073; not with `shared` or `renderer`): each page
   * but the start URL's is fetched and read there, and its answer visited here.
   */
  readers?: Pick<LocalReadsOptions, 'threads' | 'fetcherConfig' | 'entry'>;
  /** Where `crawlStore`'s database was opened: the store's checks then run on a thread of their own (0074). */
  checksThread?: ChecksThreadSettings;
}

/** How the audit rendered JavaScript, when it was asked to. */
export interface AuditRenderFacts {
  /** Pages rendered in the browser. */
  rendered: number;
  /** Why rendering stopped part way (the rest was read as raw HTML), or null. */
  stopped: string | null;
  /** Why the start page could not be rendered (read from its raw HTML; the crawl went on); absent when it was. */
  startPage?: string;
}

export interface SiteAuditOutcome {
  startUrl: string;
  /** The address actually audited: the start URL after the http fallback and its redirects (what a re-run asks for). */
  crawledUrl: string;
  siteUrl: string;
  stoppedBy: StopReason;
  durationMs: number;
  crawlDelayMs: number;
  /** Every URL's node by id; empty when `issuesStored` (the analysis read them from the crawl store, which keeps them). */
  nodes: UrlNode[];
  depth: Int32Array;
  inlinks: Int32Array;
  /** Every finding, unless `issuesStored`. */
  issues: IssueInstance[];
  /** The findings were written to the audit's `site_audit_issues` as they came (`siteChecks: 'store'`): `issues` is empty. */
  issuesStored?: boolean;
  summary: AuditSummaryCounts;
  sitemaps: SitemapFile[];
  hasSitemap: boolean;
  /** Only when the audit rendered JavaScript. */
  render?: AuditRenderFacts;
  /** The anchor texts and other sites' URLs the records' `outlinks` point at (the URL store's). */
  strings: { anchors: readonly string[]; externals: readonly string[] };
  /** A shared audit: the pages each reader read (the parts', and the audit's job's own as `audit`); or its reader threads'. */
  readers?: Record<string, number>;
  /** An analysis from the crawl store: each step's milliseconds so far (graph, batches, issues, checks, summary). */
  analysisSteps?: StepTimes;
}

/**
 * Crawls a whole site with the audit policy and evaluates every issue rule. Framework-free:
 * throws CrawlStartError (with a status) when the start page cannot be audited at all.
 */
export async function runSiteAudit(options: RunSiteAuditOptions): Promise<SiteAuditOutcome> {
  const limits = { ...SITE_AUDIT_LIMITS, ...options.limits };
  const slicer = options.slicer ?? eventLoopSlicer;
  const resumed = options.resume;
  const remote =
    options.shared && options.crawlStore
      ? sharedCrawl({
          shared: options.shared,
          target: options.crawlStore,
          fetcher: options.fetcher,
          limits,
          signal: options.signal,
          breathe: () => slicer.breathe(),
          loadedAsOf: (url) => store.find(url)?.loadedAs ?? 0,
        })
      : undefined;
  const local =
    !remote && !options.renderer && options.readers && options.readers.threads > 0
      ? startLocalReads({
          ...options.readers,
          fetcher: options.fetcher,
          limits,
          signal: options.signal,
          loadedAsOf: (url) => store.find(url)?.loadedAs ?? 0,
        })
      : undefined;
  const pages = remote ?? local;
  const signal = pages?.signal ?? options.signal;
  const startedAt = Date.now() - (resumed?.crawl.elapsedMs ?? 0);
  const writer: CrawlWriter | undefined = options.crawlStore
    ? createCrawlWriter(options.crawlStore, () => store, {
        resumed,
        signal,
        crawlFacts: (frontier) => crawlFactsOf(frontier, state, Date.now() - startedAt),
        queue: () => queue!,
        // Streamed from the store, the analysis never reads a record from memory (0065).
        releaseRecords: options.siteChecks === 'store' && options.keepRecords !== true,
      })
    : undefined;
  const store = createUrlStore({ touched: writer?.touched, restored: resumed });
  options.urlStore?.(store);
  // With a crawl store the queue lives there too (decision 0064): memory holds a leased batch of it.
  const queue: StoredQueue | undefined =
    options.crawlStore &&
    createStoredQueue({
      db: options.crawlStore.db,
      auditId: options.crawlStore.auditId,
      batch: options.crawlStore.frontierBatch ?? FRONTIER_BATCH,
      idOf: (url) => store.idOf(url),
      settled: () => writer!.settled(),
      resumed: resumed?.queue,
    });
  const meter = createRateMeter(limits);
  /** URLs met: the nodes', until an analysis from the store lets them go (below). */
  let discovered = () => store.nodes.length;
  /** `queued`: URLs waiting or being fetched, while the crawl runs (the rate is told only then). */
  const progress = (queued?: number) =>
    options.onProgress?.({
      crawled: state.fetched,
      discovered: discovered(),
      ...(queued === undefined ? {} : meter.read(state.fetched, queued)),
    });
  const { visitor, state } = createAuditVisitor({
    store,
    maxTotalBytes: limits.maxTotalBytes,
    pageTimeoutMs: limits.pageTimeoutMs,
    maxSitemapUrls: limits.maxPages,
    renderer: options.renderer,
    resumed: resumed?.visitor,
  });
  const core = await runCrawl(
    {
      startUrl: options.startUrl,
      fetcher: options.fetcher,
      botName: CRAWLER_BOT_NAME,
      // Shared, more pages are handed over than the parts fetch at once between them (`concurrency`).
      concurrency: limits.concurrency * (options.shared?.depth ?? 1),
      maxRequests: limits.maxPages,
      maxDepth: MAX_CRAWL_DEPTH,
      pageTimeoutMs: limits.pageTimeoutMs,
      crawlTimeoutMs: limits.crawlTimeoutMs,
      maxPageBytes: limits.maxPageBytes,
      maxCrawlDelayMs: limits.maxCrawlDelayMs,
      maxReportedSkips: 0,
      followNofollow: true,
      skipFileExtensions: false,
      onSkip(url, reason) {
        if (reason !== 'robots' && reason !== 'cap') return;
        const node = store.nodes[store.idOf(url)];
        if (node.status === 0 && !node.error) node.skipped = reason;
      },
      onProgress: ({ queued }) => progress(queued),
      signal,
      httpFallback: options.httpFallback,
      slicer,
      resume: resumed?.crawl,
      queue,
      ...(pages ? { fetchPage: pages.fetchPage } : {}),
      seen: store.seen,
    },
    writer ? writer.wrap(visitor) : visitor,
  ).finally(() => local?.close());
  await options.shared?.close();
  await writer?.flush();
  queue?.check();
  pages?.check();
  const toStore = options.siteChecks === 'store' && options.crawlStore && !signal?.aborted;
  const streamed = toStore ? options.crawlStore : undefined;
  const externalChecks = await checkExternals(
    options,
    store.externals,
    limits.crawlTimeoutMs - core.durationMs,
    (externalChecked, externalTotal) =>
      options.onProgress?.({ crawled: state.fetched, discovered: discovered(), externalChecked, externalTotal }),
  );
  const sitemaps = state.sitemaps ?? { files: [], found: false };
  const facts = {
    hasSitemap: sitemaps.found,
    sitemapFiles: sitemaps.files,
    robots: { url: `${core.siteOrigin}/robots.txt`, policy: core.frontier.robots },
    strings: { anchors: store.anchors, externals: store.externals },
    externalChecks,
  };
  const crawledUrl = crawledAddress(store.nodes) ?? `${core.siteOrigin}/`;
  if (streamed) {
    // The analysis from the store reads every URL there: the nodes (a few hundred bytes a URL, a third of a
    // million-page audit's memory) go before it starts, not after it, and are collected at once: left to V8,
    // they stayed resident through the edges' sort and under the analysis's first allocations.
    const urls = store.nodes.length;
    discovered = () => urls;
    store.nodes.length = 0;
    collectGarbage();
  }
  const steps: StepTimes | undefined = streamed ? {} : undefined;
  const evaluation = streamed
    ? await streamedEvaluation(options, streamed, discovered(), facts, slicer, steps)
    : await evaluateRulesSliced({ ...facts, nodes: store.nodes }, () => slicer.breathe());
  const summaryStep = stepClock(steps);
  progress();
  return {
    startUrl: normalizeUrl(options.startUrl) ?? options.startUrl,
    crawledUrl,
    siteUrl: core.siteOrigin,
    stoppedBy: core.stoppedBy,
    durationMs: core.durationMs,
    crawlDelayMs: core.crawlDelayMs,
    nodes: store.nodes,
    depth: evaluation.depth,
    inlinks: evaluation.inlinks,
    issues: evaluation.issues,
    ...(streamed ? { issuesStored: true } : {}),
    summary: streamed
      ? await storedSummary(streamed.db, streamed.auditId).finally(() => summaryStep('summary'))
      : memorySummary(evaluation.issues, store.nodes),
    ...(steps ? { analysisSteps: steps } : {}),
    sitemaps: sitemaps.files,
    hasSitemap: sitemaps.found,
    strings: { anchors: store.anchors, externals: store.externals },
    ...(remote ? { readers: remote.readers() } : local ? { readers: { [LOCAL_READERS]: local.read } } : {}),
    ...(options.renderer
      ? {
          render: {
            rendered: options.renderer.rendered,
            stopped: options.renderer.stopped ?? state.renderStopped,
            ...(state.startUnrendered ? { startPage: state.startUnrendered } : {}),
          },
        }
      : {}),
  };
}

/** The summary of an analysis in memory: its findings over the URLs the crawl answered. */
function memorySummary(issues: readonly IssueInstance[], nodes: readonly UrlNode[]): AuditSummaryCounts {
  const crawled = nodes.filter((node) => node.status > 0 || node.error);
  return summarize(
    issues,
    crawled.map((node) => node.url),
    crawled.filter(isResource).length,
  );
}

/** Every rule over the crawl store, the findings written as they come (streamed-analysis.ts): none in memory. */
async function streamedEvaluation(
  options: RunSiteAuditOptions,
  target: CrawlStoreTarget,
  urls: number,
  facts: Omit<RuleInput, 'nodes' | 'fromStore'>,
  slicer: TimeSlicer,
  steps: StepTimes | undefined,
): Promise<Evaluation> {
  const graph = await streamAnalysis({
    db: target.db,
    auditId: target.auditId,
    urls,
    facts,
    batchSize: options.analysisBatch ?? ANALYSIS_BATCH,
    breathe: () => slicer.breathe(),
    signal: options.signal,
    checksThread: options.checksThread,
    steps,
  });
  return { ...graph, issues: [] };
}

/** The start page that answered (the last hop of the start URL's redirects): the one start node read as a page. */
function crawledAddress(nodes: readonly UrlNode[]): string | undefined {
  return nodes.find((node) => node.start && node.status >= 200 && node.status < 300)?.url;
}

/** The external URLs' answers, within what is left of the audit's time and until it is cancelled. */
async function checkExternals(
  options: RunSiteAuditOptions,
  urls: readonly string[],
  remainingMs: number,
  onProgress: (done: number, total: number) => void,
): Promise<Array<ExternalCheck | undefined>> {
  if (!options.externalLinks || urls.length === 0 || options.signal?.aborted || remainingMs <= 0) return [];
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), remainingMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  try {
    return await checkExternalUrls(urls, {
      fetcher: options.fetcher,
      settings: options.externalLinks === true ? {} : options.externalLinks,
      signal,
      onProgress,
    });
  } finally {
    clearTimeout(timer);
  }
}
