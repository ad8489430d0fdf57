import { InvalidInputError } from '#server/lib/domain-errors.ts';
import { isFetchError } from '#server/lib/safe-fetch/errors.ts';
import { parseTargetUrl } from '#server/lib/safe-fetch/target.ts';
import { typedUrl } from '#views/model/url-input.ts';

/** What a visitor typed, as the URL to fetch first; `httpFallback` when they wrote no scheme. */
export interface TypedTarget {
  url: string;
  httpFallback: boolean;
}

/**
 * What a visitor typed, by the one rule (views/model/url-input.ts), as the URL the guarded fetcher
 * will be asked for; refused (invalid-input, a 400) when its shape can never be fetched, before any
 * request or quota is spent.
 */
export function checkedUrlInput(input: string): TypedTarget {
  const typed = typedUrl(input);
  if (!typed.ok) throw new InvalidInputError(typed.reason);
  parseTargetUrl(typed.url);
  return { url: typed.url, httpFallback: !typed.schemeTyped };
}

/** Socket codes that mean "nothing speaks TLS on port 443 here"; a timeout is not one (it would double the wait). */
const NO_TLS_HERE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPROTO']);

/**
 * Whether a failed first https attempt at a typed bare domain should be tried again over http: the
 * secure connection failed (no TLS, wrong protocol, bad certificate) or port 443 refused or reset
 * the connection, on the very first hop. DNS, timeouts, HTTP answers and refusals of our own never
 * fall back (http would fail the same way, or the site did answer).
 */
export function fallsBackToHttp(error: unknown): boolean {
  if (!isFetchError(error) || error.redirects.length > 0 || !error.url?.startsWith('https:')) return false;
  return error.code === 'tls' || NO_TLS_HERE.has(error.systemCode ?? '');
}

/**
 * Runs `attempt` on the typed URL; for a bare domain whose https attempt fails at the connection
 * (see fallsBackToHttp), runs it once more on the http:// URL. An explicit https:// never falls back.
 */
export async function withHttpFallback<T>(target: TypedTarget, attempt: (url: string) => Promise<T>): Promise<T> {
  try {
    return await attempt(target.url);
  } catch (error) {
    if (!target.httpFallback || !target.url.startsWith('https:') || !fallsBackToHttp(error)) throw error;
    return attempt(`http:${target.url.slice('https:'.length)}`);
  }
}
