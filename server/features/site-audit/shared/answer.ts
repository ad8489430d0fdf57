import { deserialize, serialize } from 'node:v8';
import { fetchErrorKind } from '#server/lib/crawler/crawl-start.ts';
import type { CrawlFetcher, CrawlFetchOptions } from '#server/lib/crawler/types.ts';
import { bodyKindOf, measureBody, parseHtml, type PreparedBody } from '../response-body.ts';

/*
 * One page read where it is fetched (decision 0071): what a shared audit's part does with a row the audit's
 * job added, and what goes back to it. The part fetches with the crawl's own options through its guarded
 * fetcher and reads the body as the audit's visitor would (response-body.ts); the audit's job does the rest
 * (ids, records, links to follow) exactly as for a page it fetched itself.
 */

/** How the audit's job asks a page to be read: what decides between measuring and parsing the body. */
export interface ReadRequest {
  /** The start URL or a hop of its redirects (always read as a page). */
  start: boolean;
  /** LOADED_AS bits of the URL as the crawl knows them when it asks. */
  loadedAs: number;
}

/** A read's answer: the fetch failed, or the response's head and its body as read. */
export type ReadAnswer =
  | { kind: 'failed'; message: string; invalidInput: boolean }
  | {
      kind: 'answered';
      url: string;
      status: number;
      headers: Record<string, string>;
      ttfbMs: number;
      body: PreparedBody | null;
    };

/** Fetches and reads one page; never throws (a failure is the answer). */
export async function readAnswer(
  fetcher: CrawlFetcher,
  url: string,
  request: ReadRequest,
  options: CrawlFetchOptions,
  breathe: () => Promise<void>,
): Promise<ReadAnswer> {
  let res;
  try {
    res = await fetcher.stream(url, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'failed', message, invalidInput: fetchErrorKind(error) === 'invalid-input' };
  }
  const head = { url: res.url, status: res.status, headers: res.headers, ttfbMs: res.timings?.ttfbMs ?? 0 };
  const kind = bodyKindOf(res.status, res.headers['content-type'], request.start, request.loadedAs);
  if (kind === 'none') {
    res.body.destroy();
    return { kind: 'answered', ...head, body: null };
  }
  if (kind === 'measure')
    return {
      kind: 'answered',
      ...head,
      body: { kind: 'measured', ...(await measureBody(res, request.start, request.loadedAs)) },
    };
  try {
    const parsed = await parseHtml(res.body, res.headers['content-type'], breathe);
    return { kind: 'answered', ...head, body: { kind: 'page', facts: parsed.facts, bytes: parsed.bytes } };
  } catch (error) {
    return {
      kind: 'answered',
      ...head,
      body: { kind: 'unreadable', message: error instanceof Error ? error.message : String(error) },
    };
  } finally {
    res.body.destroy();
  }
}

/** An answer as stored (v8's serialization keeps the facts' arrays and typed arrays as they are). */
export const encodeAnswer = (answer: ReadAnswer): Buffer => serialize(answer);
export const decodeAnswer = (stored: Buffer): ReadAnswer => deserialize(stored) as ReadAnswer;
