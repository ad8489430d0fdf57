/**
 * The crawl could not begin: the start URL is invalid (400), forbidden by robots.txt (422) or
 * the start page could not be fetched as an HTML page (502). Callers answer `status`.
 */
export class CrawlStartError extends Error {
  readonly status: 400 | 422 | 502;

  constructor(status: 400 | 422 | 502, message: string) {
    super(message);
    this.name = 'CrawlStartError';
    this.status = status;
  }
}

export function isCrawlStartError(value: unknown): value is CrawlStartError {
  return value instanceof CrawlStartError;
}
