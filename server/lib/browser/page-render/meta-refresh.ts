import { decodeHtml, isHtmlContentType } from '#server/lib/page-facts/decode.ts';
import { extractPageFacts } from '#server/lib/page-facts/extract.ts';
import { FetchError, type FetchResult, type RedirectHop, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { gatedFetch, openGate, type RobotsGate } from './robots-gate.ts';

/**
 * The address a `<meta http-equiv="refresh">` content sends the page to, as the HTML standard's
 * declarative refresh reads it (`0;url=/x`, `5; URL='/x'`, `0, /x`): undefined for a plain reload
 * (`30`), content that does not start with a delay, or an address that is not http(s).
 */
export function metaRefreshTarget(content: string, base: string): string | undefined {
  const match = /^\s*(\d*)(\.[\d.]*)?\s*[;,]?\s*(.*)$/s.exec(content);
  if (!match || (match[1] === '' && match[2] === undefined)) return undefined;
  let rest = match[3];
  const named = /^url\s*=\s*/i.exec(rest);
  if (named) rest = rest.slice(named[0].length);
  const quote = rest[0];
  if (quote === '"' || quote === "'") {
    const end = rest.indexOf(quote, 1);
    rest = end === -1 ? rest.slice(1) : rest.slice(1, end);
  }
  if (rest.trim() === '') return undefined;
  try {
    const target = new URL(rest.trim(), base);
    return /^https?:$/.test(target.protocol) ? target.href : undefined;
  } catch {
    return undefined;
  }
}

const MAX_DOCUMENT_REDIRECTS = 10;

/**
 * The document, its redirects followed hop by hop through the guard, and a `<meta http-equiv="refresh">`
 * naming another address followed as one more redirect (a browser would leave the page for it mid-test):
 * all of them together at most MAX_DOCUMENT_REDIRECTS, and none back to an address already seen.
 */
export async function fetchDocument(
  url: string,
  fetcher: SafeFetcher,
  options: { maxBytes: number; timeoutMs: number; userAgent: string; gate?: RobotsGate },
  signal?: AbortSignal,
): Promise<FetchResult> {
  const hops: RedirectHop[] = [];
  const seen = new Set<string>();
  const tooMany = (at: string) =>
    new FetchError('too-many-redirects', `Too many redirects (more than ${MAX_DOCUMENT_REDIRECTS}).`, {
      url: at,
      redirects: hops,
      fromRedirect: true,
    });
  for (let target = url; ;) {
    const maxRedirects = MAX_DOCUMENT_REDIRECTS - hops.length;
    // As Googlebot, each hop is checked against its host's robots.txt before it is fetched.
    const response = await gatedFetch(fetcher, options.gate ?? openGate, target, {
      maxBytes: options.maxBytes,
      timeoutMs: options.timeoutMs,
      maxRedirects,
      signal,
      headers: { 'user-agent': options.userAgent },
    });
    // With no redirects left the fetcher hands the redirect itself back.
    if (maxRedirects === 0 && response.status >= 300 && response.status < 400 && response.headers.location)
      throw tooMany(response.url);
    hops.push(...response.redirects);
    for (const hop of [...response.redirects.map((redirect) => redirect.url), response.url]) seen.add(hop);
    const contentType = response.headers['content-type'];
    const refresh = isHtmlContentType(contentType)
      ? extractPageFacts(decodeHtml(response.body, contentType)).metaRefresh
      : null;
    const next = refresh === null ? undefined : metaRefreshTarget(refresh, response.url);
    if (next === undefined || next === response.url) return response;
    if (hops.length >= MAX_DOCUMENT_REDIRECTS) throw tooMany(response.url);
    hops.push({ url: response.url, status: response.status, location: next });
    if (seen.has(next))
      throw new FetchError('redirect-loop', `Redirect loop: ${next} redirects back to itself.`, {
        url: next,
        redirects: hops,
        fromRedirect: true,
      });
    target = next;
  }
}
