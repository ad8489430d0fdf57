/** What the redirect checker service answers per URL and the widget shows. */
export interface RedirectHopView {
  url: string;
  status: number;
}

export interface RedirectRow {
  originalUrl: string;
  /** Final URL; on an error, the last redirect target reached (or null). */
  redirectedUrl: string | null;
  hops: RedirectHopView[];
  finalStatus: number | null;
  error?: string;
}
