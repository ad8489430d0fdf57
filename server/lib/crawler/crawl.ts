import { resolveBase, runCrawl, type CrawlVisitor } from './crawl-core.ts';
import { CRAWL_DEFAULTS } from './defaults.ts';
import { charsetOf, isHtmlContentType, mergeDirectives, parseRobotsDirectives } from './directives.ts';
import { lastmodFromHeader } from './lastmod.ts';
import { normalizeUrl, upgradeScheme } from './normalize.ts';
import { parsePageStream } from './page-parse.ts';
import type { CrawlOptions, CrawlResult, ListedPage } from './types.ts';

/**
 * The sitemap policy over the crawl engine: list the indexable pages (200, HTML, not noindex,
 * their own canonical), skip everything else with a reason, never follow nofollow links.
 */
function sitemapVisitor(options: CrawlOptions) {
  const listed: ListedPage[] = [];
  const visitor: CrawlVisitor = {
    async visit(item, res, crawl) {
      const { status, headers } = res;
      const { skips, frontier } = crawl;
      if (status >= 300 && status < 400) {
        res.body.destroy();
        await crawl.followRedirect(item, status, headers.location);
        return;
      }
      if (status < 200 || status >= 300) {
        res.body.destroy();
        skips.add(item.url, 'status', `HTTP ${status}`);
        return crawl.failStart(item, 'upstream', `The start page answered HTTP ${status}.`);
      }
      if (!isHtmlContentType(headers['content-type'])) {
        res.body.destroy();
        skips.add(item.url, 'non-html', headers['content-type'] || 'no content type');
        return crawl.failStart(
          item,
          'upstream',
          `The start page is not an HTML page (${headers['content-type'] || 'no content type'}).`,
        );
      }
      let page;
      try {
        page = await parsePageStream(res.body, {
          botName: options.botName,
          charset: charsetOf(headers['content-type']),
          breathe: crawl.breathe,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        skips.add(
          item.url,
          crawl.signal.aborted ? 'cap' : 'error',
          crawl.signal.aborted ? 'crawl stopped while reading' : message,
        );
        return crawl.failStart(item, 'upstream', `Could not read ${item.url}: ${message}`);
      }
      const directives = mergeDirectives(
        page.directives,
        parseRobotsDirectives(headers['x-robots-tag'] ?? '', options.botName),
      );
      const base = resolveBase(page.baseHref, item.url);
      const canonical = page.canonical ? normalizeUrl(page.canonical, base) : null;
      const canonicalHere = canonical === null || upgradeScheme(canonical, frontier.siteOrigin) === item.url;
      if (directives.noindex) {
        skips.add(
          item.url,
          'noindex',
          headers['x-robots-tag'] && /noindex|none/i.test(headers['x-robots-tag'])
            ? 'X-Robots-Tag noindex'
            : 'meta robots noindex',
        );
      } else if (!canonicalHere && canonical) {
        skips.add(item.url, 'canonical', `canonical is ${canonical}`);
        frontier.discover(canonical, item.depth);
      } else {
        listed.push({ url: item.url, lastmod: lastmodFromHeader(headers['last-modified']) });
      }
      // Each link costs a URL parse and a robots.txt check: thousands must not hold the event loop.
      for (const link of page.links) {
        frontier.discover(normalizeUrl(link.href, base), item.depth + 1, {
          nofollow: link.nofollow || directives.nofollow,
        });
        await crawl.breathe();
      }
    },
  };
  return { visitor, listed };
}

/**
 * Crawls one site breadth-first and returns the indexable HTML pages plus a report of every
 * URL it left out and why. Fetches go through the guarded fetcher with redirects off, so each
 * redirect target is checked against the host, robots.txt and the seen set before it is fetched.
 * Throws CrawlStartError when the start page itself cannot be crawled.
 */
export async function crawlSite(options: CrawlOptions): Promise<CrawlResult> {
  const settings = {
    ...CRAWL_DEFAULTS,
    ...definedOnly(options),
    startUrl: options.startUrl,
    fetcher: options.fetcher,
    botName: options.botName,
  };
  const { visitor, listed } = sitemapVisitor(options);
  const core = await runCrawl(
    {
      ...settings,
      maxRequests: settings.maxPages,
      onProgress: ({ queued, skipped }) => options.onProgress?.({ found: listed.length, queued, skipped }),
    },
    visitor,
  );
  for (const url of core.frontier.nofollowOnly()) core.skips.add(url, 'nofollow', 'only linked with nofollow');
  options.onProgress?.({ found: listed.length, queued: 0, skipped: core.skips.total });

  return {
    pages: listed,
    report: {
      startUrl: normalizeUrl(options.startUrl) ?? options.startUrl,
      siteUrl: core.siteOrigin,
      pages: listed.length,
      stoppedBy: core.stoppedBy,
      durationMs: core.durationMs,
      crawlDelayMs: core.crawlDelayMs,
      skippedCounts: core.skips.counts(),
      skipped: core.skips.listed(),
      skippedTruncated: core.skips.truncated(),
    },
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
