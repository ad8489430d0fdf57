import type { IncomingMessage } from 'node:http';
import { TLSSocket } from 'node:tls';
import { boundedBody, collect, contentEncodingOf } from './body.ts';
import { FetchError } from './errors.ts';
import { describeNetworkError, sendHop } from './hop.ts';
import {
  flattenHeaders,
  followRedirect,
  raceAbort,
  requestDeadline,
  requestHeaders,
  type RequestState,
} from './request.ts';
import { threadLoopWatch } from './loop-watch.ts';
import { createConnectionPool } from './pool.ts';
import { parseTargetUrl, resolveTarget, systemResolver, type ResolvedTarget } from './target.ts';
import {
  FETCH_DEFAULTS,
  type FetchOptions,
  type FetchResult,
  type ResultBase,
  type SafeFetcher,
  type SafeFetcherOptions,
  type StreamResult,
} from './types.ts';

export { FetchError, isFetchError, type FetchErrorCode, type RedirectHop } from './errors.ts';
export type { Resolver } from './target.ts';
export { classifyAddress } from './address-policy.ts';
export { KEEP_ALIVE_DEFAULTS, type KeepAliveOptions } from './pool.ts';
export {
  FETCH_DEFAULTS,
  type FetchOptions,
  type FetchResult,
  type SafeFetcher,
  type SafeFetcherOptions,
  type StreamResult,
} from './types.ts';

/** The certificate's end of validity where the answer came over TLS (a site's watch reports it). */
function certificateOf(socket: IncomingMessage['socket'] | null): { certificateValidTo?: string } {
  if (!(socket instanceof TLSSocket)) return {};
  const validTo = socket.getPeerCertificate()?.valid_to;
  return validTo ? { certificateValidTo: new Date(validTo).toISOString() } : {};
}

/** The answer's body as a bounded stream, with the timings and counters read as it is consumed. */
function streamResult(
  response: IncomingMessage,
  found: { state: RequestState; target: ResolvedTarget; ttfbMs: number; totalMs: () => number },
  options: FetchOptions,
  deadline: { signal: AbortSignal; cleanup: () => void },
): StreamResult {
  const { state, target } = found;
  const maxBytes = options.maxBytes ?? FETCH_DEFAULTS.maxBytes;
  const bounded = boundedBody(response, state.current.href, maxBytes, options.onTooLarge ?? 'error');
  deadline.signal.addEventListener('abort', () => bounded.stream.destroy(deadline.signal.reason), { once: true });
  bounded.stream.once('close', deadline.cleanup);
  // A caller that never reads the body must not crash the process when the deadline
  // destroys it; readers still see the error through their own listeners or for-await.
  bounded.stream.on('error', () => undefined);
  const base: ResultBase = {
    url: state.current.href,
    status: response.statusCode ?? 0,
    headers: flattenHeaders(response),
    redirects: state.redirects,
    timings: { ttfbMs: found.ttfbMs, totalMs: 0 },
    encoding: contentEncodingOf(response),
    remoteAddress: response.socket?.remoteAddress ?? target.address,
    ...certificateOf(response.socket),
  };
  bounded.stream.once('end', () => {
    base.timings.totalMs = found.totalMs();
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

export function createSafeFetcher(config: SafeFetcherOptions): SafeFetcher {
  const allowPrivate = new Set((config.allowPrivate ?? []).map((entry) => entry.trim().toLowerCase()));
  const resolver = config.resolver ?? systemResolver;
  const now = config.clock ?? (() => performance.now());
  const loopWatch = config.loopWatch ?? threadLoopWatch;
  // Through a proxy every hop has its own tunnel: nothing is kept.
  const pool =
    config.keepAlive && !config.proxy
      ? createConnectionPool(config.keepAlive === true ? {} : config.keepAlive, config.tlsCa)
      : undefined;

  /** One hop: the checked address, then the request; an abort wins over the error it causes. */
  async function hop(state: RequestState, signal: AbortSignal) {
    const target = await raceAbort(resolveTarget(state.current, allowPrivate, resolver), signal);
    const started = now();
    const watched = loopWatch.begin();
    const { method, headers, body } = state;
    // Only a GET's socket is kept: a HEAD's or a POST's goes with its answer.
    const agent = pool && !pool.closed && method === 'GET' ? pool.agentFor(target) : undefined;
    try {
      const response = await sendHop({
        target,
        method,
        headers,
        body,
        signal,
        proxy: config.proxy,
        ca: config.tlsCa,
        agent,
      });
      // Our own loop's stall while the answer waited is not the site's time (loop-watch.ts).
      return { target, response, ttfbMs: Math.max(0, now() - started - watched.unseenMs()) };
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw error instanceof FetchError ? error : describeNetworkError(error, state.current.href);
    } finally {
      watched.end();
    }
  }

  async function stream(input: string | URL, options: FetchOptions = {}): Promise<StreamResult> {
    const started = now();
    const maxRedirects = options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
    const current = parseTargetUrl(input);
    const state: RequestState = {
      current,
      method: options.method ?? 'GET',
      body: options.body,
      headers: requestHeaders(config.userAgent, options),
      redirects: [],
      visited: new Set([current.href]),
    };
    const deadline = requestDeadline(
      () => state.current,
      options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs,
      options.signal,
    );
    try {
      for (;;) {
        const { target, response, ttfbMs } = await hop(state, deadline.signal);
        if (followRedirect(state, response, maxRedirects)) continue;
        return streamResult(response, { state, target, ttfbMs, totalMs: () => now() - started }, options, deadline);
      }
    } catch (error) {
      deadline.cleanup();
      const failure = error instanceof FetchError ? error : describeNetworkError(error, state.current.href);
      if (failure.redirects.length === 0 && state.redirects.length > 0) failure.redirects.push(...state.redirects);
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
      ...(result.certificateValidTo && { certificateValidTo: result.certificateValidTo }),
    };
  }

  return { fetch, stream, close: () => pool?.close() };
}
