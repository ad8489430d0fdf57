import { type DomainError, NotFoundError, UpstreamError, isDomainError } from '#server/lib/domain-errors.ts';
import { isFetchError, type FetchOptions, type FetchResult, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { platformRefused } from './refusals.ts';

/** Every platform request goes through the guarded fetcher; services take it as a dependency. */
export type UpstreamFetcher = SafeFetcher;

// Platforms serve leaner, stable markup to a plain desktop browser in English.
export const BROWSER_HEADERS: Record<string, string> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
};

/** Platform URLs are built by this app, not typed by the person, so any fetch failure is the remote's: 502. */
export function upstreamFailure(error: unknown, platform: string): DomainError {
  if (isDomainError(error) && !isFetchError(error)) return error;
  const code = isFetchError(error) ? error.code : '';
  if (code === 'timeout') return new UpstreamError(`${platform} did not answer in time. Please try again.`);
  if (code === 'too-large') return new UpstreamError(`${platform} sent more data than this tool accepts.`);
  return new UpstreamError(`Could not reach ${platform}. Please try again later.`);
}

/** Turns an upstream HTTP status into the error the person sees; 2xx passes through. */
export function assertUpstreamOk(status: number, platform: string, notFound: string): void {
  if (status >= 200 && status < 300) return;
  if (status === 404 || status === 410) throw new NotFoundError(notFound);
  if (status === 429) throw platformRefused(platform, 'rate-limited');
  if (status === 403) throw platformRefused(platform, 'forbidden');
  throw new UpstreamError(`${platform} answered with an error (HTTP ${status}). Please try again later.`);
}

export async function fetchUpstream(
  fetcher: UpstreamFetcher,
  url: string,
  platform: string,
  options: FetchOptions,
): Promise<FetchResult> {
  try {
    return await fetcher.fetch(url, { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, ...options });
  } catch (error) {
    throw upstreamFailure(error, platform);
  }
}
