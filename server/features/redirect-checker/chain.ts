import type { Readable } from 'node:stream';
import { FetchError, type SafeFetcher, type StreamResult } from '#server/lib/safe-fetch/index.ts';
import { parseTargetUrl } from '#server/lib/safe-fetch/target.ts';
import type { HopKind, RedirectHopView, SchemeChange, SeoHeaders } from '#views/model/redirect-checker.ts';
import type { HostSlots } from './host-slots.ts';
import { linkCanonical, metaRefreshOf, parseRefresh } from './refresh.ts';

export const CHAIN_LIMITS = {
  /** Redirects (of any kind) followed before the chain is called endless. */
  maxRedirects: 10,
  /** Bytes of a 200 HTML answer read to find a meta refresh (it belongs in the head). */
  metaRefreshBytes: 64 * 1024,
} as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const PERMANENT_STATUSES = new Set([301, 308]);

export interface ChainOptions {
  fetcher: SafeFetcher;
  /** The User-Agent header every hop sends. */
  userAgent: string;
  /** Per hop. */
  timeoutMs: number;
  maxRedirects?: number;
  signal: AbortSignal;
  /** Holds each request until its host has a free slot (migration mode). */
  hostSlots?: HostSlots;
}

/** A followed chain: the answers met in order, and the failure that ended it early, if any. */
export interface Chain {
  hops: RedirectHopView[];
  /** The last answer's URL; on a failure the last place a hop sent us (null when none). */
  finalUrl: string | null;
  finalStatus: number | null;
  failure: FetchError | null;
}

function seoHeaders(headers: Record<string, string>, url: string): SeoHeaders {
  return {
    xRobotsTag: headers['x-robots-tag'] ?? null,
    cacheControl: headers['cache-control'] ?? null,
    canonical: linkCanonical(headers.link, url),
    server: headers.server ?? null,
  };
}

function schemeChange(from: string, to: string): SchemeChange | null {
  const a = new URL(from).protocol;
  const b = new URL(to).protocol;
  if (a === 'http:' && b === 'https:') return 'http-to-https';
  if (a === 'https:' && b === 'http:') return 'https-to-http';
  return null;
}

async function readHead(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

interface NextStep {
  kind: Exclude<HopKind, 'final'>;
  target: string;
  delaySeconds?: number;
}

/** Where an answer sends the visitor next: a 3xx Location, a Refresh header, or a meta refresh in a 200 HTML body. */
async function nextStep(res: StreamResult): Promise<NextStep | null> {
  const { status, headers, url } = res;
  if (REDIRECT_STATUSES.has(status) && headers.location) return { kind: 'redirect', target: headers.location };
  const header = headers.refresh ? parseRefresh(headers.refresh) : null;
  if (header?.url) return { kind: 'refresh-header', target: header.url, delaySeconds: header.delaySeconds };
  if (status !== 200 || !/^\s*(text\/html|application\/xhtml\+xml)/i.test(headers['content-type'] ?? '')) return null;
  const meta = metaRefreshOf(await readHead(res.body));
  const refresh = meta === null ? null : parseRefresh(meta);
  if (!refresh?.url) return null;
  const target = new URL(refresh.url, url).href;
  // A refresh that reloads the same page is not a redirect.
  return target === url ? null : { kind: 'meta-refresh', target: refresh.url, delaySeconds: refresh.delaySeconds };
}

/**
 * Follows one URL's chain hop by hop, each hop a separate request through the guarded fetcher
 * (so every address met is checked), with its status, Location, timing and SEO headers. A Refresh
 * header or a meta refresh counts as a hop like a 3xx. Google reads an instant refresh as a
 * permanent redirect and a delayed one as temporary
 * (https://developers.google.com/search/docs/crawling-indexing/301-redirects).
 */
export async function followChain(url: string, options: ChainOptions): Promise<Chain> {
  const maxRedirects = options.maxRedirects ?? CHAIN_LIMITS.maxRedirects;
  const hops: RedirectHopView[] = [];
  const visited = new Set<string>([url]);
  let current = url;
  const end = (failure: FetchError | null): Chain => {
    const last = hops.at(-1);
    const finished = failure === null && last !== undefined;
    return {
      hops,
      finalUrl: finished ? last.url : (last?.location ?? null),
      finalStatus: finished ? last.status : null,
      failure,
    };
  };
  try {
    for (;;) {
      const release = options.hostSlots
        ? await options.hostSlots.take(new URL(current).host, options.signal)
        : () => undefined;
      let res: StreamResult;
      let step: NextStep | null;
      try {
        res = await options.fetcher.stream(current, {
          maxRedirects: 0,
          timeoutMs: options.timeoutMs,
          maxBytes: CHAIN_LIMITS.metaRefreshBytes,
          onTooLarge: 'truncate',
          headers: { 'user-agent': options.userAgent },
          signal: options.signal,
        });
        try {
          step = await nextStep(res);
        } finally {
          res.body.destroy();
        }
      } finally {
        release();
      }
      const base = {
        url: res.url,
        status: res.status,
        timeMs: Math.round(res.timings.ttfbMs),
        headers: seoHeaders(res.headers, res.url),
      };
      if (!step) {
        hops.push({ ...base, kind: 'final', location: null, permanent: null, scheme: null });
        return end(null);
      }
      const next = parseTargetUrl(step.target, true, current).href;
      if (hops.length >= maxRedirects)
        throw new FetchError('too-many-redirects', `Too many redirects (more than ${maxRedirects}).`, { url: current });
      const permanent = step.kind === 'redirect' ? PERMANENT_STATUSES.has(res.status) : step.delaySeconds === 0;
      hops.push({
        ...base,
        kind: step.kind,
        location: next,
        permanent,
        ...(step.delaySeconds === undefined ? {} : { delaySeconds: step.delaySeconds }),
        scheme: schemeChange(current, next),
      });
      if (visited.has(next))
        throw new FetchError('redirect-loop', `Redirect loop: ${next} redirects back to itself.`, { url: next });
      visited.add(next);
      current = next;
    }
  } catch (error) {
    if (error instanceof FetchError) return end(error);
    if (options.signal.aborted) return end(new FetchError('network', 'The request was cancelled.', { url: current }));
    throw error;
  }
}
