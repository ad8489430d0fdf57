import type { Readable } from 'node:stream';
import { HttpError } from '#server/http-error.ts';

/**
 * The part of the guarded fetcher (docs/contracts/safe-fetch.md) the media services use. Taking it as
 * a dependency keeps every outbound request on the one guarded path and lets tests pass a fixture.
 */
export interface UpstreamRequest {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
  maxBytes?: number;
  onTooLarge?: 'error' | 'truncate';
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface UpstreamResponse<B = Buffer> {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: B;
}

export interface UpstreamFetcher {
  fetch(url: string, options?: UpstreamRequest): Promise<UpstreamResponse>;
  stream(url: string, options?: UpstreamRequest): Promise<UpstreamResponse<Readable>>;
}

// Platforms serve leaner, stable markup to a plain desktop browser in English.
export const BROWSER_HEADERS: Record<string, string> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
};

/** The fetcher's FetchError carries a status (400 for the URL, 502 for the remote) and a readable message. */
export function upstreamFailure(error: unknown, platform: string): HttpError {
  if (error instanceof HttpError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  if (code === 'timeout') return new HttpError(502, `${platform} did not answer in time. Please try again.`);
  if (code === 'too-large') return new HttpError(502, `${platform} sent more data than this tool accepts.`);
  return new HttpError(502, `Could not reach ${platform}. Please try again later.`);
}

/** Turns an upstream HTTP status into the error the person sees; 2xx passes through. */
export function assertUpstreamOk(status: number, platform: string, notFound: string): void {
  if (status >= 200 && status < 300) return;
  if (status === 404 || status === 410) throw new HttpError(404, notFound);
  if (status === 429) throw new HttpError(502, `${platform} is limiting requests right now. Please try again in a few minutes.`);
  throw new HttpError(502, `${platform} answered with an error (HTTP ${status}). Please try again later.`);
}

export async function fetchUpstream(
  fetcher: UpstreamFetcher,
  url: string,
  platform: string,
  options: UpstreamRequest,
): Promise<UpstreamResponse> {
  try {
    return await fetcher.fetch(url, { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, ...options });
  } catch (error) {
    throw upstreamFailure(error, platform);
  }
}
