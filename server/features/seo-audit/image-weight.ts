import type { Readable } from 'node:stream';
import { runBatch } from '#server/lib/batch/run-batch.ts';
import { isFetchError, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import type { ImageWeight } from '#views/model/seo-audit.ts';

/**
 * How the one-page audit weighs a page's images (decision 0047): the first `maxImages` distinct
 * http(s) image addresses in the HTML, `concurrency` at a time, each request within `timeoutMs`, the
 * whole lot within `deadlineMs`, at most `readMaxBytes` read from any one answer, `heaviestShown`
 * named in the report.
 */
export const IMAGE_WEIGHT_LIMITS = {
  maxImages: 20,
  concurrency: 4,
  timeoutMs: 5_000,
  deadlineMs: 8_000,
  readMaxBytes: 512 * 1024,
  maxRedirects: 5,
  heaviestShown: 5,
} as const;

export type ImageWeightLimits = { [K in keyof typeof IMAGE_WEIGHT_LIMITS]: number };

/**
 * The first `max` distinct http(s) image addresses, resolved against the page (data: URIs are in the
 * HTML already), and whether the page had more.
 */
export function imageUrls(
  sources: readonly string[],
  pageUrl: string,
  max: number,
): { urls: string[]; capped: boolean } {
  const urls = new Set<string>();
  for (const src of sources) {
    let url: URL;
    try {
      url = new URL(src.trim(), pageUrl);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    url.hash = '';
    if (urls.has(url.href)) continue;
    if (urls.size >= max) return { urls: [...urls], capped: true };
    urls.add(url.href);
  }
  return { urls: [...urls], capped: false };
}

/** HEAD answers that say nothing about the file: some servers and CDNs refuse the method itself. */
const HEAD_REFUSED = new Set([400, 403, 405, 501]);

const HEADERS = { accept: 'image/avif,image/webp,image/*,*/*;q=0.8', 'accept-encoding': 'identity' };

function byteCount(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : null;
}

/** `bytes 0-0/2411725` → 2411725; `*` (unknown total) → null. */
function rangeTotal(value: string | undefined): number | null {
  const match = value ? /^bytes\s+\d+-\d+\/(\d{1,12})$/i.exec(value.trim()) : null;
  return match ? Number(match[1]) : null;
}

/** Reads a body to its end, counting bytes; null when it ran past the cap (its size is then unknown). */
async function countBody(body: Readable, isTruncated: () => boolean): Promise<number | null> {
  let bytes = 0;
  for await (const chunk of body) bytes += (chunk as Buffer).length;
  return isTruncated() ? null : bytes;
}

/**
 * One image's size in bytes, or null when it cannot be told: HEAD's Content-Length; else a GET for
 * the first byte (`Range: bytes=0-0`), whose Content-Range or Content-Length gives the size; else the
 * body itself, counted up to the read cap. Every hop goes through the guarded fetcher.
 */
export async function imageBytes(
  fetcher: SafeFetcher,
  url: string,
  limits: Pick<ImageWeightLimits, 'timeoutMs' | 'readMaxBytes' | 'maxRedirects'>,
  signal: AbortSignal,
): Promise<number | null> {
  const common = {
    timeoutMs: limits.timeoutMs,
    maxRedirects: limits.maxRedirects,
    signal,
    onTooLarge: 'truncate',
  } as const;
  try {
    const head = await fetcher.stream(url, { ...common, method: 'HEAD', headers: HEADERS, maxBytes: 1 });
    head.body.destroy();
    const fromHead = head.status === 200 ? byteCount(head.headers['content-length']) : null;
    if (fromHead !== null) return fromHead;
    // A 404 or a 5xx is the image's own answer: there is nothing to weigh, so no second request.
    if (head.status !== 200 && !HEAD_REFUSED.has(head.status)) return null;
    const get = await fetcher.stream(url, {
      ...common,
      headers: { ...HEADERS, range: 'bytes=0-0' },
      maxBytes: limits.readMaxBytes,
    });
    const known =
      get.status === 206
        ? rangeTotal(get.headers['content-range'])
        : get.status === 200
          ? byteCount(get.headers['content-length'])
          : null;
    if (known !== null || get.status !== 200 || get.encoding !== null) {
      get.body.destroy();
      return known;
    }
    return await countBody(get.body, () => get.truncated);
  } catch (error) {
    // An image that cannot be reached (private address, timeout, refused) has no size to count.
    if (isFetchError(error) || signal.aborted) return null;
    throw error;
  }
}

export interface ImageWeightSummary {
  /** Image addresses asked about (at most maxImages). */
  checked: number;
  /** The page had more distinct image addresses than maxImages: the rest were not weighed. */
  capped: boolean;
  /** Of those, the ones whose size could be told. */
  measured: number;
  totalBytes: number;
  /** The heaviest measured, heaviest first (at most heaviestShown). */
  heaviest: ImageWeight[];
}

/** Weighs the page's images (see IMAGE_WEIGHT_LIMITS); unknown sizes are left out, never guessed. */
export async function weighImages(
  fetcher: SafeFetcher,
  sources: readonly string[],
  pageUrl: string,
  options: { limits?: Partial<ImageWeightLimits>; signal?: AbortSignal } = {},
): Promise<ImageWeightSummary> {
  const limits = { ...IMAGE_WEIGHT_LIMITS, ...options.limits };
  const { urls, capped } = imageUrls(sources, pageUrl, limits.maxImages);
  const sizes = await runBatch(
    urls,
    { concurrency: limits.concurrency, deadlineMs: limits.deadlineMs, signal: options.signal },
    (url, signal) => imageBytes(fetcher, url, limits, signal),
    () => null,
  );
  const measured = urls.flatMap((url, index) => (sizes[index] === null ? [] : [{ url, bytes: sizes[index]! }]));
  return {
    checked: urls.length,
    capped,
    measured: measured.length,
    totalBytes: measured.reduce((sum, image) => sum + image.bytes, 0),
    heaviest: measured.sort((a, b) => b.bytes - a.bytes).slice(0, limits.heaviestShown),
  };
}
