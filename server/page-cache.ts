import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

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

/** Picks the best encoding the client accepts and compresses once, on first demand. */
export function encodedBody(entry: CachedBody, req: Request): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const accepted = req.acceptsEncodings('br', 'gzip');
  if (!entry.compressible || entry.raw.length < 256) return { body: entry.raw };
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
 * br/gzip (so the compression middleware has nothing left to do), HEAD without a body.
 */
export function sendCached(req: Request, res: Response, entry: CachedBody, contentType: string, cacheControl: string): void {
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', entry.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  const match = req.headers['if-none-match'];
  if (match && match.split(/\s*,\s*/).some((tag) => tag === entry.etag || tag === `W/${entry.etag}`)) {
    res.status(304).end();
    return;
  }
  const { body, encoding } = encodedBody(entry, req);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
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

  get size(): number {
    return this.entries.size;
  }
}
