import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import type { CrawlFetcher, CrawlFetchOptions, CrawlFetchResponse } from '#server/lib/crawler/types.ts';
import type { FixtureSite } from '#test/fixtures/crawl-site.ts';

/**
 * Answers a fixture site straight from memory, shaped like the guarded fetcher. No sockets:
 * only for crawler cases too large to run over HTTP in a unit test (tens of thousands of pages).
 * Everything else goes through the real fetcher against a loopback server.
 */
export function createInMemoryFetcher(
  site: FixtureSite,
  origins: string | string[],
): CrawlFetcher & { requests: string[] } {
  const served = new Set(Array.isArray(origins) ? origins : [origins]);
  const requests: string[] = [];

  async function answer(url: string, options: CrawlFetchOptions = {}): Promise<CrawlFetchResponse<Buffer>> {
    let current = url;
    for (let hop = 0; ; hop += 1) {
      const parsed = new URL(current);
      if (!served.has(parsed.origin)) throw new Error(`${parsed.host} could not be reached (in-memory fixture).`);
      requests.push(served.size > 1 ? parsed.href : parsed.pathname + parsed.search);
      const res = site(parsed.pathname + parsed.search, parsed.origin) ?? { status: 404, body: 'Not found' };
      if (res.delayMs) await new Promise((resolve) => setTimeout(resolve, res.delayMs));
      if (options.signal?.aborted) throw new Error('The request was aborted.');
      const status = res.status ?? 200;
      const headers = res.headers ?? {};
      if (status >= 300 && status < 400 && headers.location && hop < (options.maxRedirects ?? 10)) {
        current = new URL(headers.location, current).href;
        continue;
      }
      let body = Buffer.from(res.body ?? '');
      // Like the guarded fetcher: a gzip body is handed on decoded, its Content-Encoding header kept.
      if (/^\s*gzip\s*$/i.test(headers['content-encoding'] ?? '')) body = gunzipSync(body);
      if (options.maxBytes !== undefined && body.length > options.maxBytes) body = body.subarray(0, options.maxBytes);
      return { url: current, status, headers, body };
    }
  }

  return {
    requests,
    fetch: answer,
    async stream(url, options) {
      const res = await answer(url, options);
      return { ...res, body: Readable.from([res.body]) };
    },
  };
}
