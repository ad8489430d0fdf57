import type { Config } from './config/index.ts';
import { createMobileRenderer, findRendererChromium, type MobileRenderer } from './lib/browser/page-render/renderer.ts';
import type { JobDeps } from './lib/jobs/index.ts';
import { createAppFetcher } from './lib/safe-fetch/app-fetcher.ts';
import type { SafeFetcher } from './lib/safe-fetch/index.ts';

/**
 * What a job's work may use, built once per job thread by createDeps (server/jobs.ts hands it to the job
 * system): the thread's own database connection, and its guarded fetchers. Nothing is cached in a job's
 * module: a thread's fetchers and browser belong to its deps, and a thread that ends takes them along.
 */
export interface AppJobDeps extends JobDeps {
  config: Config;
  /** The app's guarded fetcher (directory checks, IndexNow pings, the mobile test). */
  fetcher: SafeFetcher;
  /**
   * The crawlers' fetchers: each names its tool's page in the User-Agent, which robots.txt rules and logs see,
   * and keeps its connections alive between a site's pages (decision 0072). Their idle sockets are unref'd and
   * close by themselves; the thread's end (process.exit) takes the rest.
   */
  crawlFetchers: { siteAudit: SafeFetcher; sitemapGenerator: SafeFetcher };
  /** The thread's Chromium for the mobile test, launched on the first call (undefined without Chromium). */
  mobileRenderer(): MobileRenderer | undefined;
}

/** The mobile test's renderer, made on the first render this thread does and killed when the thread exits. */
function lazyMobileRenderer(base: JobDeps, config: Config, fetcher: SafeFetcher): () => MobileRenderer | undefined {
  let made: { renderer: MobileRenderer | undefined } | undefined;
  return () => {
    if (made) return made.renderer;
    const settings = config.mobileTest;
    const chromiumPath = findRendererChromium(settings.chromiumPath);
    const renderer = chromiumPath
      ? createMobileRenderer({
          chromiumPath,
          fetcher,
          log: base.log,
          // The pool hands a thread one job at a time.
          concurrency: 1,
          limits: { timeoutMs: settings.timeoutMs, maxPageBytes: settings.maxPageBytes, memoryMb: settings.memoryMb },
        })
      : undefined;
    // A thread ends by process.exit() (the job system's close) and may not wait: its browser is killed.
    if (renderer) process.once('exit', () => renderer.kill());
    made = { renderer };
    return renderer;
  };
}

export function createDeps(base: JobDeps): AppJobDeps {
  const config = base.config as Config;
  const fetcher = createAppFetcher(config);
  return {
    ...base,
    config,
    fetcher,
    crawlFetchers: {
      siteAudit: createAppFetcher(config, '/site-audit', { keepAlive: true }),
      sitemapGenerator: createAppFetcher(config, '/sitemap-tool', { keepAlive: true }),
    },
    mobileRenderer: lazyMobileRenderer(base, config, fetcher),
  };
}
