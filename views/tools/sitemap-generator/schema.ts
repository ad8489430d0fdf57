import { z } from 'zod';

/** Longest start URL accepted; matches the sitemaps.org <loc> limit. */
export const MAX_START_URL_LENGTH = 2048;

/**
 * A website address as people type it. A bare domain (`example.com/blog`) gets `https://`
 * in front; anything else must be an absolute http(s) URL.
 */
export const startUrlSchema = z
  .string({ error: 'Please enter your website URL.' })
  .trim()
  .min(1, 'Please enter your website URL.')
  .max(MAX_START_URL_LENGTH, `The URL must be at most ${MAX_START_URL_LENGTH} characters.`)
  .transform((value) => (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value.replace(/^\/+/, '')}`))
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'Please enter a valid http:// or https:// URL.');

export const generateSitemapBody = z.object({ url: startUrlSchema });
export type GenerateSitemapBody = z.input<typeof generateSitemapBody>;

export const progressQuery = z.object({ url: startUrlSchema });

/** Crawl progress as the page shows it (found = pages listed so far). */
export interface SitemapProgress {
  found: number;
  queued: number;
  skipped: number;
}

/** One row of the list of generated sitemaps (spec 3 fields plus when). */
export interface SitemapListItem {
  _id: string;
  url: string;
  pages: number;
  sitemapPath: string;
  createdAt: string;
}

export type SkipReasonCode = 'robots' | 'noindex' | 'canonical' | 'redirect' | 'status' | 'non-html' | 'external' | 'nofollow' | 'error' | 'cap';

export interface SitemapReportView {
  pages: number;
  siteUrl: string;
  stoppedBy: 'complete' | 'page-limit' | 'time-limit' | 'aborted';
  durationMs: number;
  skippedCounts: Partial<Record<SkipReasonCode, number>>;
  skipped: { url: string; reason: SkipReasonCode; detail: string }[];
  skippedTruncated: boolean;
}

export interface GenerateSitemapResponse {
  sitemap: string;
  record: SitemapListItem;
  report: SitemapReportView;
}
