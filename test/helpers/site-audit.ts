import { createSafeFetcher, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import type { TimeSlicer } from '#server/lib/crawler/time-slice.ts';
import { createAuditRenderer, type AuditRendererOptions } from '#server/features/site-audit/render/renderer.ts';
import { findAuditChromium } from '#server/lib/browser/launch.ts';
import type { SiteAuditLimits } from '#server/config/site-audit-defaults.ts';
import { runSiteAudit, type RunSiteAuditOptions, type SiteAuditOutcome } from '#server/features/site-audit/audit.ts';
import { serveFixture, type FixtureSite, type ServedFixture } from '#test/fixtures/crawl-site.ts';

/**
 * An audit's renderer in the audit's browser (SITE_AUDIT_CHROMIUM_PATH, else chrome-headless-shell when installed,
 * else Debian's Chromium or CHROMIUM_PATH): two slots, 15 s and 512 MB a page, unless `options` say otherwise.
 */
export function testRenderer(fetcher: SafeFetcher, options: Partial<AuditRendererOptions> = {}) {
  return createAuditRenderer({
    chromiumPath:
      findAuditChromium(process.env.SITE_AUDIT_CHROMIUM_PATH, process.env.CHROMIUM_PATH) ?? '/usr/bin/chromium',
    fetcher,
    concurrency: 2,
    timeoutMs: 15_000,
    maxPageBytes: 5 * 1024 * 1024,
    memoryMb: 512,
    ...options,
  });
}

export interface AuditedFixture extends SiteAuditOutcome {
  site: ServedFixture;
}

/**
 * Serves `site` on loopback and audits it through the real guarded fetcher. `clock` replaces the
 * fetcher's timing source, so a fixture can make a response "slow" without anyone waiting.
 */
export async function auditFixture(
  site: FixtureSite,
  options: {
    limits?: Partial<SiteAuditLimits>;
    clock?: () => number;
    startPath?: string;
    signal?: AbortSignal;
    slicer?: TimeSlicer;
    /** Render JavaScript in the audit's browser (testRenderer), with these renderer settings. */
    render?: Partial<AuditRendererOptions>;
    /** Write the crawl to this store as the job does (decision 0059). */
    crawlStore?: RunSiteAuditOptions['crawlStore'];
  } = {},
): Promise<AuditedFixture> {
  const served = await serveFixture(site);
  try {
    const fetcher = createSafeFetcher({
      allowPrivate: [served.hostPort],
      userAgent: `${CRAWLER_BOT_NAME}/1.0 (+http://localhost)`,
      clock: options.clock,
    });
    const renderer = options.render ? testRenderer(fetcher, options.render) : undefined;
    const outcome = await runSiteAudit({
      startUrl: `${served.origin}${options.startPath ?? '/'}`,
      fetcher,
      limits: options.limits,
      signal: options.signal,
      slicer: options.slicer,
      renderer,
      crawlStore: options.crawlStore,
    }).finally(() => renderer?.close());
    return { ...outcome, site: served };
  } finally {
    await served.close();
  }
}

/** Issue URLs per type as paths (origin stripped), each list sorted. */
export function issuePaths(outcome: SiteAuditOutcome, origin: string): Record<string, string[]> {
  const byType: Record<string, string[]> = {};
  for (const issue of outcome.issues)
    (byType[issue.type] ??= []).push(issue.url.startsWith(origin) ? issue.url.slice(origin.length) || '/' : issue.url);
  for (const list of Object.values(byType)) list.sort();
  return byType;
}
