import type { CrawlFetcher, CrawlFetchResponse } from '#server/lib/crawler/types.ts';
import { isFetchError } from '#server/lib/safe-fetch/index.ts';
import type { Readable } from 'node:stream';
import { EXTERNAL_CHECK_DEFAULTS, type ExternalCheckSettings } from '#server/config/site-audit-defaults.ts';

/** Failures that say the whole host is out of reach (its other URLs are not tried). */
const HOST_DOWN_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Timeouts on one host after which its other URLs are not tried (each would wait as long). */
const HOST_TIMEOUTS = 2;

/** Redirects followed at most from one external URL. */
const MAX_HOPS = 10;
/** HEAD answers that mean "ask again with GET": not supported, or servers known to answer HEAD wrongly. */
const HEAD_REFUSED = new Set([400, 403, 404, 405, 406, 410, 500, 501, 502, 503]);
/** Answers that say the site refused us, not that the page is missing: never reported as broken. */
const UNVERIFIABLE = new Set([401, 403, 429]);

/**
 * What one external URL answered. `status` is its own answer (0 when none); for a redirect,
 * `finalUrl`/`finalStatus` say where the redirects end.
 */
export type ExternalCheck =
  | { kind: 'ok'; status: number }
  | { kind: 'redirected'; status: number; finalUrl: string; finalStatus: number; hops: number }
  | { kind: 'broken'; status: number; detail: string; hostDown?: boolean }
  | { kind: 'timeout'; detail: string }
  | { kind: 'unverified'; status: number; detail: string };

export interface ExternalCheckOptions {
  fetcher: CrawlFetcher;
  settings?: Partial<ExternalCheckSettings>;
  /** Cancels the checks (the audit's cancel signal or its time limit); unchecked URLs stay undefined. */
  signal?: AbortSignal;
  /** After each URL checked: how many are done out of how many will be. */
  onProgress?: (done: number, total: number) => void;
}

const hostOf = (url: string) => new URL(url).host;

async function request(
  fetcher: CrawlFetcher,
  url: string,
  method: 'HEAD' | 'GET',
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<CrawlFetchResponse<Readable>> {
  const res = await fetcher.stream(url, {
    method,
    maxRedirects: 0,
    timeoutMs,
    maxBytes: 1,
    onTooLarge: 'truncate',
    signal,
    headers: { accept: '*/*' },
  });
  res.body.destroy();
  return res;
}

/** One URL's answer, HEAD first and GET where HEAD is refused. Throws what the fetcher throws. */
async function answerOf(
  fetcher: CrawlFetcher,
  url: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<{ status: number; location: string | undefined }> {
  let res = await request(fetcher, url, 'HEAD', timeoutMs, signal);
  if (HEAD_REFUSED.has(res.status)) res = await request(fetcher, url, 'GET', timeoutMs, signal);
  return { status: res.status, location: res.headers.location };
}

function failureOf(error: unknown): ExternalCheck {
  const message = error instanceof Error ? error.message : String(error);
  if (isFetchError(error)) {
    if (error.code === 'timeout') return { kind: 'timeout', detail: message };
    // Private and loopback addresses are never fetched: nothing to say about the link itself.
    if (error.code === 'forbidden-address') return { kind: 'unverified', status: 0, detail: message };
    const hostDown =
      error.code === 'dns' ||
      error.code === 'tls' ||
      (error.code === 'network' && HOST_DOWN_CODES.has(error.systemCode ?? ''));
    if (hostDown) return { kind: 'broken', status: 0, detail: message, hostDown };
  }
  return { kind: 'broken', status: 0, detail: message };
}

/** Checks one external URL, following its redirects hop by hop (each hop through the guarded fetcher). */
export async function checkExternalUrl(
  fetcher: CrawlFetcher,
  url: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<ExternalCheck> {
  let first;
  try {
    first = await answerOf(fetcher, url, timeoutMs, signal);
  } catch (error) {
    return failureOf(error);
  }
  if (first.status < 300 || first.status >= 400 || !first.location) return judge(first.status);
  const seen = new Set([url]);
  let current = url;
  let answer = first;
  let hops = 0;
  while (answer.status >= 300 && answer.status < 400 && answer.location) {
    let next: string;
    try {
      next = new URL(answer.location, current).href;
    } catch {
      return { kind: 'broken', status: first.status, detail: `HTTP ${answer.status} with an unusable Location` };
    }
    hops += 1;
    if (seen.has(next)) return { kind: 'broken', status: first.status, detail: `redirect loop at ${next}` };
    if (hops > MAX_HOPS) return { kind: 'broken', status: first.status, detail: `more than ${MAX_HOPS} redirects` };
    seen.add(next);
    current = next;
    try {
      answer = await answerOf(fetcher, current, timeoutMs, signal);
    } catch (error) {
      const failure = failureOf(error);
      // Another host failing on the way says nothing about this URL's host.
      if (failure.kind === 'broken')
        return { kind: 'broken', status: first.status, detail: `redirects to ${current}: ${failure.detail}` };
      return failure;
    }
  }
  const end = judge(answer.status);
  if (end.kind === 'broken')
    return {
      kind: 'broken',
      status: first.status,
      detail: `redirects to ${current}, which answers HTTP ${answer.status}`,
    };
  return { kind: 'redirected', status: first.status, finalUrl: current, finalStatus: answer.status, hops };
}

function judge(status: number): ExternalCheck {
  if (UNVERIFIABLE.has(status))
    return { kind: 'unverified', status, detail: `HTTP ${status}: the site refused our check` };
  if (status >= 400 || status < 200) return { kind: 'broken', status, detail: `HTTP ${status}` };
  return { kind: 'ok', status };
}

/**
 * Checks each distinct URL once, at most `perHost` at a time per host and `concurrency` in all,
 * the first `maxUrls` only. Answers by index of `urls`; undefined where not checked (over the cap,
 * or cancelled). Network waits only: the event loop is never held.
 */
export async function checkExternalUrls(
  urls: readonly string[],
  options: ExternalCheckOptions,
): Promise<Array<ExternalCheck | undefined>> {
  const settings = { ...EXTERNAL_CHECK_DEFAULTS, ...options.settings };
  const results: Array<ExternalCheck | undefined> = Array.from({ length: urls.length }, () => undefined);
  const total = Math.min(urls.length, settings.maxUrls);
  // Waiting URL indexes by host, hosts in the order first met.
  const waiting = new Map<string, number[]>();
  for (let index = 0; index < total; index += 1) {
    let host: string;
    try {
      host = hostOf(urls[index]);
    } catch {
      continue;
    }
    const list = waiting.get(host);
    if (list) list.push(index);
    else waiting.set(host, [index]);
  }
  const activeByHost = new Map<string, number>();
  // A host that is down (or timed out twice) answers for its other URLs without being asked again.
  const hostVerdicts = new Map<string, ExternalCheck>();
  const timeoutsByHost = new Map<string, number>();
  const learn = (host: string, check: ExternalCheck) => {
    if (check.kind === 'broken' && check.hostDown) hostVerdicts.set(host, check);
    if (check.kind !== 'timeout') return;
    const timeouts = (timeoutsByHost.get(host) ?? 0) + 1;
    timeoutsByHost.set(host, timeouts);
    if (timeouts >= HOST_TIMEOUTS)
      hostVerdicts.set(host, {
        kind: 'timeout',
        detail: `not tried: ${HOST_TIMEOUTS} other requests to ${host} timed out`,
      });
  };
  let active = 0;
  let done = 0;
  const { signal } = options;
  if (total > 0) options.onProgress?.(0, total);

  let finishIfIdle = () => {};
  await new Promise<void>((resolve) => {
    finishIfIdle = () => {
      if (active === 0 && (waiting.size === 0 || signal?.aborted)) resolve();
    };
    function pump(): void {
      for (const [host, list] of waiting) {
        if (signal?.aborted || active >= settings.concurrency) break;
        while (list.length > 0 && hostVerdicts.has(host)) {
          results[list.shift()!] = hostVerdicts.get(host);
          done += 1;
          options.onProgress?.(done, total);
        }
        // After a timeout a host gets one request at a time: a second timeout settles all of its URLs.
        const hostLimit = timeoutsByHost.has(host) ? 1 : settings.perHost;
        while (list.length > 0 && (activeByHost.get(host) ?? 0) < hostLimit && active < settings.concurrency) {
          const index = list.shift()!;
          active += 1;
          activeByHost.set(host, (activeByHost.get(host) ?? 0) + 1);
          void checkExternalUrl(options.fetcher, urls[index], settings.timeoutMs, signal)
            .catch(failureOf)
            .then((check) => {
              // A check cut short by the cancel is no answer about the link.
              if (signal?.aborted) return;
              results[index] = check;
              learn(host, check);
            })
            .finally(() => {
              active -= 1;
              activeByHost.set(host, activeByHost.get(host)! - 1);
              done += 1;
              options.onProgress?.(done, total);
              pump();
            });
        }
        if (list.length === 0) waiting.delete(host);
      }
      finishIfIdle();
    }
    signal?.addEventListener('abort', finishIfIdle, { once: true });
    pump();
  });
  signal?.removeEventListener('abort', finishIfIdle);
  return results;
}
