import type { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { boundedBody, collect, contentEncodingOf, type ContentEncoding } from './body.ts';
import { FetchError, type RedirectHop } from './errors.ts';
import { describeNetworkError, sendHop } from './hop.ts';
import { parseTargetUrl, resolveTarget, systemResolver, type Resolver } from './target.ts';

export { FetchError, isFetchError, type FetchErrorCode, type RedirectHop } from './errors.ts';
export type { Resolver } from './target.ts';
export { classifyAddress } from './address-policy.ts';

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
  /** Send every request through this HTTP(S) proxy; targets are still checked here first (MEDIA_PROXY_URL). */
  proxy?: URL;
  /** Test seam: trust this certificate (instead of the system roots) for a loopback TLS fixture; never set by the app. */
  tlsCa?: string | Buffer;
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

interface ResultBase {
  url: string;
  status: number;
  headers: Record<string, string>;
  redirects: RedirectHop[];
  timings: { ttfbMs: number; totalMs: number };
  encoding: ContentEncoding;
  remoteAddress: string;
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
}

export const FETCH_DEFAULTS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 10 } as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function flattenHeaders(response: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function requestHeaders(userAgent: string, options: FetchOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'user-agent': userAgent,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-encoding': 'gzip, deflate, br',
    'accept-language': 'en',
  };
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  delete headers.host;
  delete headers.connection;
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  return headers;
}

/** Rejects as soon as the signal aborts: DNS lookups cannot be cancelled, so they are raced. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // The lookup still settles later; unobserved, its rejection would crash the process.
    promise.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export function createSafeFetcher(config: SafeFetcherOptions): SafeFetcher {
  const allowPrivate = new Set((config.allowPrivate ?? []).map((entry) => entry.trim().toLowerCase()));
  const resolver = config.resolver ?? systemResolver;
  const now = config.clock ?? (() => performance.now());

  async function stream(input: string | URL, options: FetchOptions = {}): Promise<StreamResult> {
    const started = now();
    const timeoutMs = options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs;
    const maxBytes = options.maxBytes ?? FETCH_DEFAULTS.maxBytes;
    const maxRedirects = options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
    const controller = new AbortController();
    let current = parseTargetUrl(input);
    const timeoutError = () =>
      new FetchError('timeout', `${current.host} did not respond within ${timeoutMs / 1000} seconds.`, {
        url: current.href,
      });
    const timer = setTimeout(() => controller.abort(timeoutError()), timeoutMs);
    const onUserAbort = () =>
      controller.abort(new FetchError('network', 'The request was cancelled.', { url: current.href }));
    options.signal?.addEventListener('abort', onUserAbort, { once: true });
    if (options.signal?.aborted) onUserAbort();
    const cleanup = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onUserAbort);
    };

    let method: string = options.method ?? 'GET';
    let body = options.body;
    let headers = requestHeaders(config.userAgent, options);
    const redirects: RedirectHop[] = [];
    const visited = new Set<string>([current.href]);
    try {
      for (;;) {
        const target = await raceAbort(resolveTarget(current, allowPrivate, resolver), controller.signal);
        const hopStarted = now();
        let response: IncomingMessage;
        try {
          response = await sendHop({
            target,
            method,
            headers,
            body,
            signal: controller.signal,
            proxy: config.proxy,
            ca: config.tlsCa,
          });
        } catch (error) {
          throw controller.signal.aborted
            ? controller.signal.reason
            : error instanceof FetchError
              ? error
              : describeNetworkError(error, current.href);
        }
        const ttfbMs = now() - hopStarted;
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(response.statusCode ?? 0) && location && maxRedirects > 0) {
          response.destroy();
          const next = parseTargetUrl(location, true, current.href);
          if (redirects.length >= maxRedirects) {
            throw new FetchError('too-many-redirects', `Too many redirects (more than ${maxRedirects}).`, {
              url: current.href,
            });
          }
          redirects.push({ url: current.href, status: response.statusCode ?? 0, location: next.href });
          if (visited.has(next.href))
            throw new FetchError('redirect-loop', `Redirect loop: ${next.href} redirects back to itself.`, {
              url: next.href,
            });
          visited.add(next.href);
          if (
            response.statusCode === 303 ||
            ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')
          ) {
            method = 'GET';
            body = undefined;
            delete headers['content-length'];
          }
          if (next.origin !== current.origin) {
            headers = { ...headers };
            delete headers.authorization;
            delete headers.cookie;
          }
          current = next;
          continue;
        }
        const bounded = boundedBody(response, current.href, maxBytes, options.onTooLarge ?? 'error');
        controller.signal.addEventListener('abort', () => bounded.stream.destroy(controller.signal.reason), {
          once: true,
        });
        bounded.stream.once('close', cleanup);
        // A caller that never reads the body must not crash the process when the deadline
        // destroys it; readers still see the error through their own listeners or for-await.
        bounded.stream.on('error', () => undefined);
        const base: ResultBase = {
          url: current.href,
          status: response.statusCode ?? 0,
          headers: flattenHeaders(response),
          redirects,
          timings: { ttfbMs, totalMs: 0 },
          encoding: contentEncodingOf(response),
          remoteAddress: response.socket?.remoteAddress ?? target.address,
        };
        bounded.stream.once('end', () => {
          base.timings.totalMs = now() - started;
        });
        return {
          ...base,
          body: bounded.stream,
          get truncated() {
            return bounded.state.truncated;
          },
          get bytesOnWire() {
            return bounded.state.bytesOnWire;
          },
        };
      }
    } catch (error) {
      cleanup();
      const failure = error instanceof FetchError ? error : describeNetworkError(error, current.href);
      if (failure.redirects.length === 0 && redirects.length > 0) failure.redirects.push(...redirects);
      throw failure;
    }
  }

  async function fetch(input: string | URL, options: FetchOptions = {}): Promise<FetchResult> {
    const started = now();
    const result = await stream(input, options);
    let body: Buffer;
    try {
      body = await collect(result.body);
    } catch (error) {
      throw error instanceof FetchError ? error : describeNetworkError(error, result.url);
    }
    return {
      url: result.url,
      status: result.status,
      headers: result.headers,
      body,
      truncated: result.truncated,
      redirects: result.redirects,
      timings: { ttfbMs: result.timings.ttfbMs, totalMs: now() - started },
      encoding: result.encoding,
      bytesOnWire: result.bytesOnWire,
      remoteAddress: result.remoteAddress,
    };
  }

  return { fetch, stream };
}
