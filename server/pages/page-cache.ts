import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

export interface CachedBody {
  raw: Buffer;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
  /** False for already-compressed formats (images, fonts). */
  compressible: boolean;
}

export function makeCachedBody(raw: Buffer, compressible = true): CachedBody {
  return { raw, compressible, etag: `"${createHash('sha1').update(raw).digest('base64url')}"` };
}

const ENCODINGS = ['br', 'gzip'];
const negotiated = new Map<string, string | undefined>();

/** Best of br/gzip for an Accept-Encoding value; clients send few distinct values, so it is memoised. */
function preferredEncoding(header: string): string | undefined {
  if (negotiated.has(header)) return negotiated.get(header);
  const choice = new Negotiator({ headers: { 'accept-encoding': header } }).encoding(ENCODINGS);
  if (negotiated.size < 256) negotiated.set(header, choice);
  return choice;
}

export function etagMatches(req: IncomingMessage, entry: CachedBody): boolean {
  const match = req.headers['if-none-match'];
  return Boolean(match && match.split(/\s*,\s*/).some((tag) => tag === entry.etag || tag === `W/${entry.etag}`));
}

/** Picks the best encoding the client accepts and compresses once, on first demand. */
export function encodedBody(entry: CachedBody, req: IncomingMessage): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const header = req.headers['accept-encoding'];
  if (!entry.compressible || entry.raw.length < 256 || !header) return { body: entry.raw };
  const accepted = preferredEncoding(header);
  if (accepted === 'br') {
    entry.br ??= brotliCompressSync(entry.raw, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.raw.length },
    });
    return { body: entry.br, encoding: 'br' };
  }
  if (accepted === 'gzip') {
    entry.gzip ??= gzipSync(entry.raw, { level: 9 });
    return { body: entry.gzip, encoding: 'gzip' };
  }
  return { body: entry.raw };
}

/**
 * Sends bytes that are a pure function of the build: ETag with 304 on a match, precompressed
 * br/gzip (nothing left for the compression middleware), HEAD without a body. Works on plain
 * node:http objects so the fast path can use it before Express sees the request.
 */
export function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedBody,
  contentType: string,
  cacheControl: string,
  headers: OutgoingHttpHeaders = {},
): number {
  const out: OutgoingHttpHeaders = {
    ...headers,
    'Content-Type': contentType,
    'Cache-Control': cacheControl,
    ETag: entry.etag,
  };
  if (entry.compressible) out.Vary = 'Accept-Encoding';
  if (etagMatches(req, entry)) {
    res.writeHead(304, out).end();
    return 304;
  }
  const { body, encoding } = encodedBody(entry, req);
  if (encoding) out['Content-Encoding'] = encoding;
  out['Content-Length'] = body.length;
  res.writeHead(200, out);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
  return 200;
}

/** A small LRU: rendered pages keyed by path (plus any cacheable query), bounded in count. */
export class PageCache {
  private readonly entries = new Map<string, CachedBody>();

  constructor(private readonly maxEntries = 500) {}

  get(key: string): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedBody): void {
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
