import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { crawlSite } from '#server/lib/crawler/crawl.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import type { CrawlOptions, CrawlResult } from '#server/lib/crawler/types.ts';
import { serveFixture, type FixtureSite, type ServedFixture } from '#test/fixtures/crawl-site.ts';

export interface CrawledFixture extends CrawlResult {
  site: ServedFixture;
}

/** Serves `site` on loopback and crawls it through the real guarded fetcher (test-only allowance). */
export async function crawlFixture(
  site: FixtureSite,
  options: Partial<Omit<CrawlOptions, 'fetcher' | 'botName'>> & { startPath?: string } = {},
): Promise<CrawledFixture> {
  const served = await serveFixture(site);
  try {
    const fetcher = createSafeFetcher({
      allowPrivate: [served.hostPort],
      userAgent: `${CRAWLER_BOT_NAME}/1.0 (+http://localhost)`,
    });
    const result = await crawlSite({
      botName: CRAWLER_BOT_NAME,
      ...options,
      fetcher,
      startUrl: options.startUrl ?? `${served.origin}${options.startPath ?? '/'}`,
    });
    return { ...result, site: served };
  } finally {
    await served.close();
  }
}

export function skippedBy(result: CrawlResult, reason: string): string[] {
  return result.report.skipped
    .filter((entry) => entry.reason === reason)
    .map((entry) => entry.url)
    .sort();
}

export function listedUrls(result: CrawlResult): string[] {
  return result.pages.map((page) => page.url).sort();
}
