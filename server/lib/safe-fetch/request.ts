import type { IncomingMessage } from 'node:http';
import { FetchError, type RedirectHop } from './errors.ts';
import { parseTargetUrl } from './target.ts';
import type { FetchOptions } from './types.ts';

/** One request as it moves from hop to hop: where it is, what it sends, and the hops so far. */
export interface RequestState {
  current: URL;
  method: string;
  body: string | Buffer | undefined;
  headers: Record<string, string>;
  redirects: RedirectHop[];
  visited: Set<string>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function requestHeaders(userAgent: string, options: FetchOptions): Record<string, string> {
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

export function flattenHeaders(response: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * The request's deadline and its caller's cancellation, as one signal: past `timeoutMs` it aborts
 * with a `timeout` error naming the host the request is at by then (`where`), a caller's abort with
 * a `network` one. `cleanup` drops the timer and the caller's listener.
 */
export function requestDeadline(where: () => URL, timeoutMs: number, signal?: AbortSignal) {
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new FetchError('timeout', `${where().host} did not respond within ${timeoutMs / 1000} seconds.`, {
          url: where().href,
        }),
      ),
    timeoutMs,
  );
  const onUserAbort = () =>
    controller.abort(new FetchError('network', 'The request was cancelled.', { url: where().href }));
  signal?.addEventListener('abort', onUserAbort, { once: true });
  if (signal?.aborted) onUserAbort();
  const cleanup = () => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onUserAbort);
  };
  return { signal: controller.signal, cleanup };
}

/** Rejects as soon as the signal aborts: DNS lookups cannot be cancelled, so they are raced. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
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

/**
 * When `response` is a redirect to follow, moves `state` to its target (as browsers do: 303, and
 * 301/302 after a POST, continue as a GET without the body; credentials stay with their origin) and
 * returns true; false when it is the answer. Throws past `maxRedirects` or on a loop.
 */
export function followRedirect(state: RequestState, response: IncomingMessage, maxRedirects: number): boolean {
  const status = response.statusCode ?? 0;
  const location = response.headers.location;
  if (!REDIRECT_STATUSES.has(status) || !location || maxRedirects <= 0) return false;
  response.destroy();
  const next = parseTargetUrl(location, true, state.current.href);
  if (state.redirects.length >= maxRedirects) {
    throw new FetchError('too-many-redirects', `Too many redirects (more than ${maxRedirects}).`, {
      url: state.current.href,
    });
  }
  state.redirects.push({ url: state.current.href, status, location: next.href });
  if (state.visited.has(next.href))
    throw new FetchError('redirect-loop', `Redirect loop: ${next.href} redirects back to itself.`, { url: next.href });
  state.visited.add(next.href);
  if (status === 303 || ((status === 301 || status === 302) && state.method === 'POST')) {
    state.method = 'GET';
    state.body = undefined;
    delete state.headers['content-length'];
  }
  if (next.origin !== state.current.origin) {
    state.headers = { ...state.headers };
    delete state.headers.authorization;
    delete state.headers.cookie;
  }
  state.current = next;
  return true;
}
