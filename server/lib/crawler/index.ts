/** Product token in our User-Agent; robots.txt groups and `<meta name="...">` match it. */
export const CRAWLER_BOT_NAME = 'DelhiSeoToolsBot';

export { crawlSite } from './crawl.ts';
export { CRAWL_DEFAULTS } from './defaults.ts';
export {
  runCrawl,
  resolveBase,
  pageFetchOptions,
  type CrawlControl,
  type CrawlResume,
  type CrawlVisitor,
  type CoreOptions,
  type CoreResult,
} from './crawl-core.ts';
export { CrawlStartError, isCrawlStartError } from './crawl-start-error.ts';
export { normalizeUrl } from './normalize.ts';
export type * from './types.ts';
