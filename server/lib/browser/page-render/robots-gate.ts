import { NotPossibleError } from '#server/lib/domain-errors.ts';
import { disallowAll, loadRobots, type RobotsPolicy } from '#server/lib/crawler/robots.ts';
import {
  FetchError,
  type FetchOptions,
  type FetchResult,
  type RedirectHop,
  type SafeFetcher,
} from '#server/lib/safe-fetch/index.ts';
import { GOOGLEBOT_TOKEN } from './agents.ts';

/*
 * What Googlebot may fetch (docs/decisions/0045). Rendering as Googlebot smartphone, every file the page
 * asks for, and every redirect hop on the way to it, is first checked against its own host's robots.txt
 * for the `Googlebot` group (the crawler's parser, server/lib/crawler/robots-txt.ts): a disallowed file is
 * never fetched, as Google's renderer would not fetch it. Read per RFC 9309 as Google does: a 4xx means no
 * rules, a 5xx or no answer at all means nothing may be fetched from that host. A render reads the
 * robots.txt of at most `maxHosts` hosts; files on further hosts are not fetched either (unchecked is not
 * allowed). As a phone browser nothing is checked: browsers do not read robots.txt.
 */

const ROBOTS_TIMEOUT_MS = 5_000;

/**
 * Why a file was not fetched: its host's robots.txt disallows it, could not be read (`unavailable`: a 5xx
 * or no answer, `why` says which), or the host was past the robots.txt cap.
 */
export class RobotsRefusal extends NotPossibleError {
  constructor(
    readonly url: string,
    readonly reason: 'disallowed' | 'unavailable' | 'too-many-hosts',
    detail: { maxHosts: number; why?: string },
  ) {
    const origin = new URL(url).origin;
    super(
      reason === 'disallowed'
        ? `${origin}/robots.txt does not let Googlebot fetch ${url}, so Google cannot render it. Test it as a phone browser, or allow it in robots.txt.`
        : reason === 'unavailable'
          ? `${origin}/robots.txt could not be read (${detail.why}); Googlebot then fetches nothing from ${origin}. Test it as a phone browser, or make robots.txt answer.`
          : `Not loaded: robots.txt was read for ${detail.maxHosts} hosts already, the limit of this test.`,
    );
    this.name = 'RobotsRefusal';
  }
}

const unavailableWhy = (policy: RobotsPolicy) =>
  policy.status ? `status ${policy.status}` : (policy.error ?? 'no answer');

export interface RobotsGate {
  /** True when nothing is checked (the phone browser). */
  readonly open: boolean;
  /** Throws RobotsRefusal when `url` may not be fetched. */
  check(url: string): Promise<void>;
  /** robots.txt files that could not be read, in plain words (Googlebot then fetches nothing from their host). */
  readonly notes: string[];
}

export const openGate: RobotsGate = { open: true, check: async () => undefined, notes: [] };

export interface RobotsGateOptions {
  fetcher: SafeFetcher;
  /** Sent when reading robots.txt: Googlebot smartphone's User-Agent. */
  userAgent: string;
  maxHosts: number;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** One render's gate: each host's robots.txt is read once, on the first file asked for from it. */
export function createRobotsGate(options: RobotsGateOptions): RobotsGate {
  const policies = new Map<string, Promise<RobotsPolicy>>();
  const notes: string[] = [];
  const fetcher = {
    fetch: (url: string, init: FetchOptions = {}) =>
      options.fetcher.fetch(url, { ...init, headers: { ...init.headers, 'user-agent': options.userAgent } }),
    stream: (url: string, init: FetchOptions = {}) =>
      options.fetcher.stream(url, { ...init, headers: { ...init.headers, 'user-agent': options.userAgent } }),
  };

  function policyFor(origin: string): Promise<RobotsPolicy> | undefined {
    let policy = policies.get(origin);
    if (!policy) {
      if (policies.size >= options.maxHosts) return undefined;
      policy = loadRobots(fetcher, origin, GOOGLEBOT_TOKEN, {
        timeoutMs: options.timeoutMs ?? ROBOTS_TIMEOUT_MS,
        signal: options.signal,
      })
        .catch((error: unknown) => disallowAll(undefined, error instanceof Error ? error.message : String(error)))
        .then((read) => {
          if (read.source === 'unavailable')
            notes.push(
              `${origin}/robots.txt could not be read (${unavailableWhy(read)}); Googlebot then fetches nothing from ${origin}, so its files were not loaded.`,
            );
          return read;
        });
      policies.set(origin, policy);
    }
    return policy;
  }

  return {
    open: false,
    notes,
    async check(url) {
      const policy = policyFor(new URL(url).origin);
      if (!policy) throw new RobotsRefusal(url, 'too-many-hosts', { maxHosts: options.maxHosts });
      const read = await policy;
      if (read.source === 'unavailable')
        throw new RobotsRefusal(url, 'unavailable', { maxHosts: options.maxHosts, why: unavailableWhy(read) });
      if (!read.isAllowed(url)) throw new RobotsRefusal(url, 'disallowed', { maxHosts: options.maxHosts });
    },
  };
}

const isRedirect = (status: number) => status >= 300 && status < 400;

/**
 * The guarded fetch, with every redirect hop passed through the gate before it is fetched. Behaves like
 * the fetcher's own redirect following (`redirects` filled, a POST turned into a GET on 301/302/303, and
 * `maxRedirects: 0` handing the redirect response itself back); an open gate uses the fetcher's.
 */
export async function gatedFetch(
  fetcher: SafeFetcher,
  gate: RobotsGate,
  url: string,
  options: FetchOptions & { maxRedirects: number },
): Promise<FetchResult> {
  if (gate.open) return fetcher.fetch(url, options);
  const redirects: RedirectHop[] = [];
  let target = url;
  let request: FetchOptions = { ...options, maxRedirects: 0 };
  for (;;) {
    await gate.check(target);
    const response = await fetcher.fetch(target, request);
    const location = response.headers.location;
    if (!isRedirect(response.status) || !location || options.maxRedirects === 0) return { ...response, redirects };
    if (redirects.length >= options.maxRedirects)
      throw new FetchError('too-many-redirects', `Too many redirects (more than ${options.maxRedirects}).`, {
        url: response.url,
        redirects,
        fromRedirect: true,
      });
    let next: string;
    try {
      next = new URL(location, response.url).href;
    } catch {
      return { ...response, redirects };
    }
    redirects.push({ url: response.url, status: response.status, location: next });
    if (redirects.some((hop) => hop.url === next))
      throw new FetchError('redirect-loop', `Redirect loop: ${next} redirects back to itself.`, {
        url: next,
        redirects,
        fromRedirect: true,
      });
    if (request.method === 'POST' && response.status !== 307 && response.status !== 308)
      request = { ...request, method: 'GET', body: undefined };
    target = next;
  }
}
