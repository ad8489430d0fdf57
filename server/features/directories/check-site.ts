import { decodeHtml, isHtmlContentType } from '#server/lib/page-facts/decode.ts';
import { FetchError, type FetchResult, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import {
  classifyFetchError,
  classifyStatus,
  movedToAnotherDomain,
  observedLinkType,
  outboundLinks,
  parkedSign,
  type Outcome,
  type OutboundLinks,
} from './evidence.ts';

export interface CheckLimits {
  /** Per request (HEAD and GET each). */
  timeoutMs: number;
  /** Bytes of a page read for evidence; the rest is cut off, not failed. */
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_LIMITS: CheckLimits = { timeoutMs: 15_000, maxBytes: 512 * 1024, maxRedirects: 5 };

export interface SiteCheck {
  outcome: Outcome;
  method: 'HEAD' | 'GET';
  status?: number;
  finalUrl?: string;
  moved?: boolean;
  reason?: string;
  outboundLinks?: OutboundLinks;
  observedLinkType?: 'dofollow' | 'nofollow' | 'mixed';
}

type Attempt = { ok: true; result: FetchResult } | { ok: false; error: FetchError };

async function attempt(
  fetcher: SafeFetcher,
  url: string,
  method: 'HEAD' | 'GET',
  limits: CheckLimits,
  signal?: AbortSignal,
): Promise<Attempt> {
  try {
    const result = await fetcher.fetch(url, {
      method,
      timeoutMs: limits.timeoutMs,
      maxBytes: limits.maxBytes,
      onTooLarge: 'truncate',
      maxRedirects: limits.maxRedirects,
      signal,
    });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof FetchError) return { ok: false, error };
    throw error;
  }
}

function fromResponse(listedUrl: string, method: 'HEAD' | 'GET', result: FetchResult): SiteCheck {
  const outcome = classifyStatus(result.status, result.headers);
  const check: SiteCheck = { outcome, method, status: result.status, finalUrl: result.url };
  if (movedToAnotherDomain(listedUrl, result.url)) check.moved = true;
  if (outcome === 'dead') check.reason = `answered ${result.status}`;
  if (outcome === 'error') check.reason = `answered ${result.status}`;
  return check;
}

/** Parking signs and outbound rel from a GET body, when it is HTML. */
function addEvidence(check: SiteCheck, result: FetchResult): SiteCheck {
  if (result.status < 200 || result.status >= 300 || !isHtmlContentType(result.headers['content-type'])) return check;
  const html = decodeHtml(result.body, result.headers['content-type']);
  const sign = parkedSign(result.url, html);
  const links = outboundLinks(html, result.url);
  const observed = observedLinkType(links);
  return {
    ...check,
    ...(sign && check.outcome === 'ok' ? { outcome: 'parked' as const, reason: `looks parked: ${sign}` } : {}),
    outboundLinks: links,
    ...(observed ? { observedLinkType: observed } : {}),
  };
}

/**
 * Visits one listed site through the guarded fetcher: HEAD first (cheap: status and final
 * address), then GET, which decides the outcome when HEAD failed or was refused (many servers
 * answer HEAD with 403, 405 or 501) and otherwise supplies the page for the parking and rel
 * checks. Nothing reaches a private address, whatever the DNS answer or a redirect says.
 */
export async function checkSite(
  fetcher: SafeFetcher,
  url: string,
  limits: CheckLimits = DEFAULT_LIMITS,
  signal?: AbortSignal,
): Promise<SiteCheck> {
  const head = await attempt(fetcher, url, 'HEAD', limits, signal);
  const headCheck = head.ok ? fromResponse(url, 'HEAD', head.result) : null;
  if (!head.ok && head.error.code === 'forbidden-address') {
    return { outcome: 'error', method: 'HEAD', reason: head.error.message };
  }
  if (signal?.aborted) return headCheck ?? { outcome: 'error', method: 'HEAD', reason: 'The check was interrupted.' };
  const get = await attempt(fetcher, url, 'GET', limits, signal);
  if (headCheck && headCheck.outcome === 'ok') {
    return get.ok && get.result.status >= 200 && get.result.status < 300
      ? addEvidence(headCheck, get.result)
      : headCheck;
  }
  if (get.ok) return addEvidence(fromResponse(url, 'GET', get.result), get.result);
  // Both failed: report HEAD's answer if it had one, else GET's error.
  if (headCheck) return headCheck;
  return { outcome: classifyFetchError(get.error.code), method: 'GET', reason: get.error.message };
}
