import { resolveBase, runCrawl, type CrawlVisitor } from './crawl-core.ts';
import { CRAWL_DEFAULTS } from './defaults.ts';
import { charsetOf, isHtmlContentType, mergeDirectives, parseRobotsDirectives } from './directives.ts';
import { createBrokenLinkLog } from './broken-links.ts';
import { lastmodFromHeader } from './lastmod.ts';
import { normalizeUrl, upgradeScheme } from './normalize.ts';
import { resolveAlternates, resolveImages } from './page-extras.ts';
import { parsePageStream, type ParsedPage } from './page-parse.ts';
import type { CrawlOptions, CrawlResult, ListedPage, SkipReason } from './types.ts';
import { MAX_ALTERNATES_PER_URL, MAX_IMAGES_PER_URL } from '../sitemap-xml/xml.ts';

/** How a page is left out of the sitemap, or null when it is listed. */
function leftOutBecause(
  options: CrawlOptions,
  url: string,
  noindex: { is: boolean; detail: string },
  canonical: string | null,
): { reason: SkipReason; detail: string } | null {
  if (noindex.is && !options.listNoindex) return { reason: 'noindex', detail: noindex.detail };
  if (canonical && !options.listNonCanonical) return { reason: 'canonical', detail: `canonical is ${canonical}` };
  if (options.include && !options.include(url))
    return { reason: 'not-included', detail: 'matches none of the include patterns' };
  return null;
}

/**
 * The sitemap policy over the crawl engine: list the indexable pages (200, HTML, not noindex,
 * their own canonical, unless the options say otherwise), skip everything else with a reason,
 * never follow nofollow links; remember who links where, for the broken links.
 */
function sitemapVisitor(options: CrawlOptions) {
  const listed: ListedPage[] = [];
  const broken = createBrokenLinkLog();
  const collect = {
    images: options.images ?? false,
    alternates: options.alternates ?? false,
    maxImages: MAX_IMAGES_PER_URL,
    maxAlternates: MAX_ALTERNATES_PER_URL,
  };
  const visitor: CrawlVisitor = {
    failed(item, message) {
      broken.failed(item.url, null, message);
    },
    async visit(item, res, crawl) {
      const { status, headers } = res;
      const { skips, frontier } = crawl;
      if (status >= 300 && status < 400) {
        res.body.destroy();
        const target = await crawl.followRedirect(item, status, headers.location);
        if (target && frontier.isInSite(target)) broken.linked(frontier.keyOf(target), item.url);
        return;
      }
      if (status < 200 || status >= 300) {
        res.body.destroy();
        skips.add(item.url, 'status', `HTTP ${status}`);
        broken.failed(item.url, status, `HTTP ${status}`);
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
          collect,
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
      const noindexDetail =
        headers['x-robots-tag'] && /noindex|none/i.test(headers['x-robots-tag'])
          ? 'X-Robots-Tag noindex'
          : 'meta robots noindex';
      const elsewhere = canonicalHere ? null : canonical;
      const leftOut = leftOutBecause(options, item.url, { is: directives.noindex, detail: noindexDetail }, elsewhere);
      if (leftOut) skips.add(item.url, leftOut.reason, leftOut.detail);
      else listed.push(listedPage(item.url, headers, page, base));
      // The canonical target is crawled instead (unless the page is noindex: it asks for nothing).
      if (elsewhere && !directives.noindex) {
        if (frontier.isInSite(elsewhere)) broken.linked(frontier.keyOf(elsewhere), item.url);
        frontier.discover(elsewhere, item.depth);
      }
      // Each link costs a URL parse and a robots.txt check: thousands must not hold the event loop.
      // A page linking one URL many times (menu, footer) is one source of it.
      const linkedHere = new Set<string>();
      for (const link of page.links) {
        const url = normalizeUrl(link.href, base);
        if (url && frontier.isInSite(url)) {
          const key = frontier.keyOf(url);
          if (!linkedHere.has(key)) broken.linked(key, item.url);
          linkedHere.add(key);
        }
        frontier.discover(url, item.depth + 1, { nofollow: link.nofollow || directives.nofollow });
        await crawl.breathe();
      }
    },
  };
  return { visitor, listed, broken };
}

function listedPage(url: string, headers: Record<string, string>, page: ParsedPage, base: string): ListedPage {
  const listed: ListedPage = { url, lastmod: lastmodFromHeader(headers['last-modified']) };
  if (page.title) listed.title = page.title;
  if (page.images.length) listed.images = resolveImages(page.images, base);
  if (page.alternates.length) listed.alternates = resolveAlternates(page.alternates, base);
  return listed;
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
  const { visitor, listed, broken } = sitemapVisitor(options);
  const core = await runCrawl(
    {
      ...settings,
      maxRequests: settings.maxPages,
      exclude: options.exclude,
      onProgress: ({ queued, skipped }) => options.onProgress?.({ found: listed.length, queued, skipped }),
    },
    visitor,
  );
  for (const url of core.frontier.nofollowOnly()) core.skips.add(url, 'nofollow', 'only linked with nofollow');
  options.onProgress?.({ found: listed.length, queued: 0, skipped: core.skips.total });
  const brokenLinks = broken.report(options.maxReportedBrokenLinks ?? settings.maxReportedSkips);

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
      brokenLinks: brokenLinks.listed,
      brokenLinksTotal: brokenLinks.total,
    },
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
