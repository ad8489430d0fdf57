import type { RowState } from './bulk-check.ts';

/**
 * How a hop sends the visitor on: a 3xx `redirect`, a `Refresh` response header, an HTML
 * `<meta http-equiv="refresh">`, or `final` for the answer the chain ends on.
 */
export type HopKind = 'redirect' | 'refresh-header' | 'meta-refresh' | 'final';
/** A hop that changes scheme is named: HTTP→HTTPS (an upgrade) or HTTPS→HTTP (a downgrade). */
export type SchemeChange = 'http-to-https' | 'https-to-http';

/** The response headers that matter for SEO, as the hop sent them (null when absent). */
export interface SeoHeaders {
  xRobotsTag: string | null;
  cacheControl: string | null;
  /** The target of a `Link: <...>; rel="canonical"` header, resolved against the hop's URL. */
  canonical: string | null;
  server: string | null;
}

/** One answer in a chain, as the redirect checker service sends it and the widget shows it. */
export interface RedirectHopView {
  url: string;
  status: number;
  kind: HopKind;
  /** Where this hop sends the visitor (absolute); null for the final answer. */
  location: string | null;
  /** 301/308 and an instant refresh are permanent; 302/303/307 and a delayed refresh temporary; null when final. */
  permanent: boolean | null;
  /** Seconds a Refresh header or meta refresh waits before it moves on. */
  delaySeconds?: number;
  scheme: SchemeChange | null;
  /** Milliseconds from sending the hop's request to its response headers. */
  timeMs: number;
  headers: SeoHeaders;
}

/**
 * Flags on a row (issue 14): `temporary-redirect` a 302/303/307 hop (or a delayed refresh), `chain`
 * two or more redirects, `loop` the chain came back on itself, `broken` a final 4xx/5xx or no answer.
 */
export type RedirectWarning = 'temporary-redirect' | 'chain' | 'loop' | 'broken';
export const REDIRECT_WARNINGS: readonly RedirectWarning[] = ['temporary-redirect', 'chain', 'loop', 'broken'];

export interface RedirectRow {
  originalUrl: string;
  /** Final URL; on an error, the last redirect target reached (or null). */
  redirectedUrl: string | null;
  hops: RedirectHopView[];
  finalStatus: number | null;
  error?: string;
  /** None on a clean 200. */
  warnings: RedirectWarning[];
  state: RowState;
}

/** The two eyes a migration row is checked with (issue 26): Google's crawler first, then a browser. */
export type MigrationAgent = 'googlebot-smartphone' | 'browser';

/** One migration row checked with one user agent. */
export interface MigrationCheck {
  userAgent: MigrationAgent;
  /** Where the chain ended; on an error, the last redirect target reached (or null). */
  finalUrl: string | null;
  /** The final answer's status; null when the chain ended without one (error, loop, time ran out). */
  status: number | null;
  /** Redirects followed (3xx, Refresh header and meta refresh alike). */
  hops: number;
  /** Every redirect in the chain was permanent (false when there was none). */
  permanent: boolean;
  /** Ends on the expected URL with a 200, every redirect permanent. */
  matches: boolean;
  chain: RedirectHopView[];
  error?: string;
  state: RowState;
}

/**
 * One row of `POST /api/bulk-url-redirection/migration`: the top-level facts are those of the first
 * check (Googlebot when both ran); `matches` is true only when every check matched; `checks` holds
 * each user agent's chain, and `agentsDiffer` says Googlebot and the browser ended up apart.
 */
export interface MigrationResult {
  from: string;
  to: string;
  finalUrl: string | null;
  status: number | null;
  hops: number;
  permanent: boolean;
  matches: boolean;
  agentsDiffer: boolean;
  checks: MigrationCheck[];
}
