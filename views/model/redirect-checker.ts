import type { RowState } from './bulk-check.ts';

/** What the redirect checker service answers per URL and the widget shows. */
export interface RedirectHopView {
  url: string;
  status: number;
}

/**
 * Flags on a row (issue 14): `temporary-redirect` a 302/303/307 hop, `chain` two or more
 * redirects, `loop` the chain came back on itself, `broken` a final 4xx/5xx or no answer.
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
