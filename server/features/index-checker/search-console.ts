import { JWT, gaxios } from 'google-auth-library';
import type { ServiceAccount } from '#server/config/search-console.ts';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import type { IndexInspection } from '#views/model/index-checker.ts';

export interface InspectionResult {
  indexed: boolean | null;
  note: string;
  /** Crawl time, canonicals, robots and fetch states, when Google gave a verdict. */
  details?: IndexInspection;
}

export interface SearchConsoleClient {
  /** `signal` stops the inspection request when the person waiting has gone. */
  inspect(url: string, signal?: AbortSignal): Promise<InspectionResult>;
}

export interface SearchConsoleOptions {
  credentials: ServiceAccount;
  /** The Search Console property: `sc-domain:example.com` or a URL prefix such as `https://example.com/`. */
  property: string;
  fetcher: SafeFetcher;
  apiOrigin?: string;
  tokenUrl?: string;
}

export const SEARCH_CONSOLE_DEFAULTS = {
  apiOrigin: 'https://searchconsole.googleapis.com',
  /** Where google-auth-library posts the assertion, and the audience it signs it for. */
  tokenUrl: 'https://oauth2.googleapis.com/token',
  scope: 'https://www.googleapis.com/auth/webmasters.readonly',
} as const;

export const SEARCH_CONSOLE_LIMITS = {
  tokenTimeoutMs: 10_000,
  inspectTimeoutMs: 20_000,
  inspectMaxBytes: 1024 * 1024,
} as const;

export function propertyCovers(property: string, url: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (property.startsWith('sc-domain:')) {
    const domain = property.slice('sc-domain:'.length).toLowerCase();
    return target.hostname === domain || target.hostname.endsWith(`.${domain}`);
  }
  return target.href.startsWith(property);
}

/**
 * google-auth-library's service-account client: it signs the RS256 assertion, exchanges it and
 * caches/refreshes the access token (concurrent callers share one exchange).
 */
function createTokenClient(credentials: ServiceAccount, tokenUrl: string): JWT {
  const client = new JWT({
    email: credentials.client_email,
    key: credentials.private_key,
    scopes: [SEARCH_CONSOLE_DEFAULTS.scope],
    // One bounded attempt: the library's default retries with backoff could outlive the index
    // checker's list deadline; a refused or slow sign-in makes the row "Not checked" and the next
    // check asks again.
    transporterOptions: { timeout: SEARCH_CONSOLE_LIMITS.tokenTimeoutMs, retryConfig: { retry: 0 } },
  });
  if (tokenUrl !== SEARCH_CONSOLE_DEFAULTS.tokenUrl) {
    // Version 10 posts the assertion to a fixed Google URL and has no option naming another; its
    // extension point is the client's own transporter (gaxios), so this client's transporter sends
    // that one URL to the configured endpoint. The assertion's `aud` stays Google's token URL, which
    // Google requires even when the exchange goes through another endpoint (Private Service Connect).
    client.transporter.interceptors.request.add({
      resolved: async (config) => {
        if (config.url.href === SEARCH_CONSOLE_DEFAULTS.tokenUrl) config.url = new URL(tokenUrl);
        return config;
      },
    });
  }
  return client;
}

function signInFailure(error: unknown): string {
  if (!(error instanceof gaxios.GaxiosError))
    return `Google sign-in failed (${error instanceof Error ? error.message : 'unknown error'})`;
  if (error.response) return `Google sign-in failed (HTTP ${error.response.status})`;
  // The transporter's timeout is the only signal on the token request, so an abort means it fired.
  if (error.cause instanceof Error && error.cause.name === 'AbortError')
    return `Google sign-in failed (no answer within ${SEARCH_CONSOLE_LIMITS.tokenTimeoutMs / 1000} seconds)`;
  // The socket's code (ECONNREFUSED) is for logs, not for the visitor who reads this note.
  return `Google sign-in failed (could not reach ${new URL(String(error.config.url)).host})`;
}

const DETAIL_FIELDS = [
  'lastCrawlTime',
  'googleCanonical',
  'userCanonical',
  'robotsTxtState',
  'indexingState',
  'pageFetchState',
  'crawledAs',
] as const satisfies ReadonlyArray<keyof IndexInspection>;

interface InspectAnswer {
  inspectionResult?: {
    indexStatusResult?: { verdict?: string; coverageState?: string } & Partial<Record<keyof IndexInspection, unknown>>;
  };
  error?: { message?: string };
}

/** Google's fields as they came, text only (at most 2,048 characters each); anything else is absent. */
function inspectionDetails(result: Partial<Record<keyof IndexInspection, unknown>>): IndexInspection {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 2048) : null);
  return Object.fromEntries(DETAIL_FIELDS.map((field) => [field, text(result[field])])) as unknown as IndexInspection;
}

/** A proxy's HTML error page is not JSON: the status alone then explains the row. */
function parseAnswer(text: string): InspectAnswer {
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === 'object' ? (data as InspectAnswer) : {};
  } catch {
    return {};
  }
}

/** Google Search Console URL Inspection API (origins configurable for tests). */
export function createSearchConsoleClient(options: SearchConsoleOptions): SearchConsoleClient {
  const tokenClient = createTokenClient(
    options.credentials,
    options.tokenUrl ?? options.credentials.token_uri ?? SEARCH_CONSOLE_DEFAULTS.tokenUrl,
  );
  const apiOrigin = (options.apiOrigin ?? SEARCH_CONSOLE_DEFAULTS.apiOrigin).replace(/\/+$/, '');

  return {
    async inspect(url, signal) {
      if (!propertyCovers(options.property, url))
        return { indexed: null, note: `Not checked (outside the Search Console property ${options.property})` };
      let token: string;
      try {
        const answer = await tokenClient.getAccessToken();
        if (!answer.token) return { indexed: null, note: 'Not checked (Google sign-in gave no access token)' };
        token = answer.token;
      } catch (error) {
        return { indexed: null, note: `Not checked (${signInFailure(error)})` };
      }
      try {
        // The inspection goes through the guarded fetcher rather than the client's request(): it caps
        // the answer's bytes (gaxios only checks Content-Length), follows no redirect, stops with the
        // client's signal, and a private SEARCH_CONSOLE_API_ORIGIN needs FETCH_ALLOW_PRIVATE like every
        // other upstream. The library still owns the token; this call only carries it.
        const res = await options.fetcher.fetch(`${apiOrigin}/v1/urlInspection/index:inspect`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ inspectionUrl: url, siteUrl: options.property }),
          maxBytes: SEARCH_CONSOLE_LIMITS.inspectMaxBytes,
          maxRedirects: 0,
          timeoutMs: SEARCH_CONSOLE_LIMITS.inspectTimeoutMs,
          signal,
        });
        const data = parseAnswer(res.body.toString('utf8'));
        if (res.status !== 200)
          return {
            indexed: null,
            note: `Not checked (Search Console answered HTTP ${res.status}${data.error?.message ? `: ${data.error.message}` : ''})`,
          };
        const result = data.inspectionResult?.indexStatusResult;
        if (!result?.verdict) return { indexed: null, note: 'Not checked (Search Console gave no verdict)' };
        return {
          indexed: result.verdict === 'PASS',
          note: result.coverageState ?? result.verdict,
          details: inspectionDetails(result),
        };
      } catch (error) {
        return {
          indexed: null,
          note: `Not checked (${error instanceof Error ? error.message : 'Search Console failed'})`,
        };
      }
    },
  };
}
