import type { Readable } from 'node:stream';
import type { ContentEncoding } from './body.ts';
import type { RedirectHop } from './errors.ts';
import type { LoopWatch } from './loop-watch.ts';
import type { KeepAliveOptions } from './pool.ts';
import type { Resolver } from './target.ts';

export interface SafeFetcherOptions {
  /** `host:port` entries (lower-case, IPv6 in brackets) that may be private: loopback fixtures in tests. */
  allowPrivate?: readonly string[];
  userAgent: string;
  /** Injected for tests that need a host name resolving to a chosen address. */
  resolver?: Resolver;
  /**
   * Milliseconds clock for the timings (performance.now by default). Tests inject one the
   * fixture server advances, so a "slow" response needs no real waiting.
   */
  clock?: () => number;
  /**
   * Test seam: what tells this thread's own stalls from the site's time (loop-watch.ts); the thread's shared
   * watch by default.
   */
  loopWatch?: LoopWatch;
  /** Send every request through this HTTP(S) proxy; targets are still checked here first (MEDIA_PROXY_URL). */
  proxy?: URL;
  /** Test seam: trust this certificate (instead of the system roots) for a loopback TLS fixture; never set by the app. */
  tlsCa?: string | Buffer;
  /**
   * Keep connections alive between GETs (true: KEEP_ALIVE_DEFAULTS), for a crawler that asks one site for
   * many pages; off by default. Never through `proxy`. What is reused, and when: pool.ts and decision 0072.
   */
  keepAlive?: boolean | KeepAliveOptions;
}

export interface FetchOptions {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
  maxBytes?: number;
  onTooLarge?: 'error' | 'truncate';
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface ResultBase {
  url: string;
  status: number;
  headers: Record<string, string>;
  redirects: RedirectHop[];
  timings: { ttfbMs: number; totalMs: number };
  encoding: ContentEncoding;
  remoteAddress: string;
  /** Over TLS: when the server's certificate (the chain was verified) stops being valid, ISO time. */
  certificateValidTo?: string;
}

export interface FetchResult extends ResultBase {
  body: Buffer;
  truncated: boolean;
  bytesOnWire: number;
}

export interface StreamResult extends ResultBase {
  body: Readable;
  /** Live: true once the body stream stopped at maxBytes. */
  readonly truncated: boolean;
  readonly bytesOnWire: number;
}

export interface SafeFetcher {
  fetch(url: string | URL, options?: FetchOptions): Promise<FetchResult>;
  stream(url: string | URL, options?: FetchOptions): Promise<StreamResult>;
  /** Closes the fetcher's kept-alive connections (keepAlive), for its owner's end; it still works after, without them. */
  close?(): void;
}

export const FETCH_DEFAULTS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 10 } as const;
