import { createSign } from 'node:crypto';
import type { ServiceAccount } from '#server/config/search-console.ts';
import type { SafeFetcher } from '#server/services/safe-fetch/index.ts';

export interface InspectionResult {
  indexed: boolean | null;
  note: string;
}

export interface SearchConsoleClient {
  inspect(url: string): Promise<InspectionResult>;
}

export interface SearchConsoleOptions {
  credentials: ServiceAccount;
  /** The Search Console property: `sc-domain:example.com` or a URL prefix such as `https://example.com/`. */
  property: string;
  fetcher: SafeFetcher;
  apiOrigin?: string;
  tokenUrl?: string;
  now?: () => number;
}

export const SEARCH_CONSOLE_DEFAULTS = {
  apiOrigin: 'https://searchconsole.googleapis.com',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  scope: 'https://www.googleapis.com/auth/webmasters.readonly',
} as const;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A service-account assertion (RFC 7523), signed RS256 with node:crypto. */
export function signServiceAccountJwt(account: ServiceAccount, audience: string, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ iss: account.client_email, scope: SEARCH_CONSOLE_DEFAULTS.scope, aud: audience, iat: nowSeconds, exp: nowSeconds + 3600 }));
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
}

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

/** Google Search Console URL Inspection API, through the guarded fetcher (origins configurable for tests). */
export function createSearchConsoleClient(options: SearchConsoleOptions): SearchConsoleClient {
  const tokenUrl = options.tokenUrl ?? options.credentials.token_uri ?? SEARCH_CONSOLE_DEFAULTS.tokenUrl;
  const apiOrigin = (options.apiOrigin ?? SEARCH_CONSOLE_DEFAULTS.apiOrigin).replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  let cached: { token: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > now() + 60_000) return cached.token;
    const assertion = signServiceAccountJwt(options.credentials, tokenUrl, Math.floor(now() / 1000));
    const res = await options.fetcher.fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      maxBytes: 64 * 1024,
      maxRedirects: 0,
    });
    const data = JSON.parse(res.body.toString('utf8') || '{}') as { access_token?: string; expires_in?: number };
    if (res.status !== 200 || !data.access_token) throw new Error(`Google sign-in failed (HTTP ${res.status})`);
    cached = { token: data.access_token, expiresAt: now() + (data.expires_in ?? 3600) * 1000 };
    return cached.token;
  }

  return {
    async inspect(url) {
      if (!propertyCovers(options.property, url)) return { indexed: null, note: `Not checked (outside the Search Console property ${options.property})` };
      try {
        const token = await accessToken();
        const res = await options.fetcher.fetch(`${apiOrigin}/v1/urlInspection/index:inspect`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ inspectionUrl: url, siteUrl: options.property }),
          maxBytes: 1024 * 1024,
          maxRedirects: 0,
          timeoutMs: 20_000,
        });
        const data = JSON.parse(res.body.toString('utf8') || '{}') as {
          inspectionResult?: { indexStatusResult?: { verdict?: string; coverageState?: string } };
          error?: { message?: string };
        };
        if (res.status !== 200) return { indexed: null, note: `Not checked (Search Console answered HTTP ${res.status}${data.error?.message ? `: ${data.error.message}` : ''})` };
        const result = data.inspectionResult?.indexStatusResult;
        if (!result?.verdict) return { indexed: null, note: 'Not checked (Search Console gave no verdict)' };
        return { indexed: result.verdict === 'PASS', note: result.coverageState ?? result.verdict };
      } catch (error) {
        return { indexed: null, note: `Not checked (${error instanceof Error ? error.message : 'Search Console failed'})` };
      }
    },
  };
}
