import type { Readable } from 'node:stream';
import { charsetOf, isHtmlContentType } from '#server/lib/crawler/directives.ts';
import { looksLikeHtml, mayBeMislabelledHtml } from './indexing-content-record.ts';
import type { CrawlFetchResponse } from '#server/lib/crawler/types.ts';
import { createPageFactsParser } from '#server/lib/page-facts/extract.ts';
import type { PageFacts } from '#server/lib/page-facts/facts.ts';
import { LOADED_AS, type UrlNode } from './store.ts';
import { countedPast } from '#views/model/counted-size.ts';
import { LARGE_IMAGE_BYTES, LARGE_SCRIPT_BYTES, LARGE_STYLESHEET_BYTES } from './thresholds.ts';

// How the audit reads a response body: an HTML page streamed into the page-facts parser, anything else measured.

function sniffCharset(head: Buffer, contentType: string | undefined): string {
  const declared =
    charsetOf(contentType) ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head.subarray(0, 2048).toString('latin1'))?.[1]?.toLowerCase();
  try {
    return new TextDecoder(declared ?? 'utf-8').encoding;
  } catch {
    return 'utf-8';
  }
}

/** Streams an HTML body into the page-facts parser; returns the facts and the decoded byte count. */
export async function parseHtml(
  body: Readable,
  contentType: string | undefined,
  breathe: () => Promise<void>,
  keepBody = false,
): Promise<{ facts: PageFacts; bytes: number; body?: Buffer }> {
  const parser = createPageFactsParser({ fingerprint: true, styles: false, structuredData: true });
  let decoder: TextDecoder | null = null;
  let bytes = 0;
  // Kept only to hand the renderer the document the crawl already has (bounded by the page size limit).
  const kept: Buffer[] = [];
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    if (keepBody) kept.push(buffer);
    decoder ??= new TextDecoder(sniffCharset(buffer, contentType));
    parser.write(decoder.decode(buffer, { stream: true }));
    // Buffered chunks arrive without a turn of the event loop: megabytes would hold it.
    await breathe();
  }
  if (decoder) parser.write(decoder.decode());
  return { facts: parser.end(), bytes, ...(keepBody ? { body: Buffer.concat(kept) } : {}) };
}

/** Bytes worth counting for a URL: just past the largest "too large" line of what pages load it as. */
export function countLimitOf(node: Pick<UrlNode, 'loadedAs'>): number {
  if (node.loadedAs & LOADED_AS.script) return LARGE_SCRIPT_BYTES;
  if (node.loadedAs & LOADED_AS.stylesheet) return LARGE_STYLESHEET_BYTES;
  return LARGE_IMAGE_BYTES;
}

/**
 * Size of a non-HTML body: Content-Length when sent, else counted up to just past `limit` (the
 * "large" line). `sniff` sees the first chunk (read even when Content-Length is sent).
 */
export async function bodySize(
  res: CrawlFetchResponse<Readable>,
  sniff?: (head: Buffer) => void,
  limit = LARGE_IMAGE_BYTES,
): Promise<number> {
  const declared = Number(res.headers['content-length']);
  const known = res.headers['content-length'] !== undefined && Number.isSafeInteger(declared) && declared >= 0;
  if (known && !sniff) {
    res.body.destroy();
    return declared;
  }
  let bytes = 0;
  try {
    for await (const chunk of res.body) {
      if (sniff && bytes === 0) {
        sniff(chunk as Buffer);
        if (known) return declared;
      }
      bytes += (chunk as Buffer).length;
      // Past the line the count stops, wherever a chunk ends: the size is "over the line", kept alike every time.
      if (bytes > limit) return countedPast(limit);
    }
  } finally {
    res.body.destroy();
  }
  return known ? declared : bytes;
}

/** What the audit does with an answer's body: nothing (not a 2xx), measure it, or read it as a page. */
export type BodyKind = 'none' | 'measure' | 'page';

/**
 * The body's fate by the answer's status and type and by how pages load the URL: a script or stylesheet
 * is measured, never parsed as a page, whatever its content type says (the start URL is always a page).
 */
export function bodyKindOf(
  status: number,
  contentType: string | undefined,
  start: boolean,
  loadedAs: number,
): BodyKind {
  if (status < 200 || status >= 300) return 'none';
  const loadedAsCode = !start && (loadedAs & (LOADED_AS.script | LOADED_AS.stylesheet)) !== 0;
  return loadedAsCode || !isHtmlContentType(contentType) ? 'measure' : 'page';
}

/**
 * A measured body's size and, for a 200 under a missing or non-HTML type of a URL not loaded as code, whether
 * it is an HTML document all the same (its first chunk sniffed).
 */
export async function measureBody(
  res: CrawlFetchResponse<Readable>,
  start: boolean,
  loadedAs: number,
): Promise<{ bytes: number; htmlMislabelled: boolean }> {
  const loadedAsCode = !start && (loadedAs & (LOADED_AS.script | LOADED_AS.stylesheet)) !== 0;
  let htmlMislabelled = false;
  const sniff =
    !loadedAsCode && res.status === 200 && mayBeMislabelledHtml(res.headers['content-type'])
      ? (head: Buffer) => (htmlMislabelled = looksLikeHtml(head))
      : undefined;
  const bytes = await bodySize(res, sniff, countLimitOf({ loadedAs })).catch(() => -1);
  return { bytes, htmlMislabelled };
}

/** A body read where it was fetched (a shared audit's part, shared/): measured, parsed, or why it could not be. */
export type PreparedBody =
  | { kind: 'measured'; bytes: number; htmlMislabelled: boolean }
  | { kind: 'page'; facts: PageFacts; bytes: number }
  | { kind: 'unreadable'; message: string };

/** Answers whose body was read already (their own body is empty): the visitor takes what was read. */
export const preparedBodies = new WeakMap<CrawlFetchResponse<Readable>, PreparedBody>();
