import { z } from 'zod';
import { MAX_URL_LENGTH } from '#views/model/url-input.ts';
import { typedUrlField } from '../typed-url-schema.ts';

/** Longest start URL accepted: the one typed-URL limit (also the sitemaps.org <loc> limit). */
export const MAX_START_URL_LENGTH = MAX_URL_LENGTH;

/**
 * A website address as people type it, checked by the one rule: the crawl service reads a bare
 * domain (`example.com/blog`) as https, falling back to http when the site has no TLS.
 */
export const startUrlSchema = typedUrlField({
  required: 'Please enter your website URL.',
  tooLong: `The URL must be at most ${MAX_START_URL_LENGTH} characters.`,
  invalid: 'Please enter a valid http:// or https:// URL.',
});

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

export type SkipReasonCode =
  'robots' | 'noindex' | 'canonical' | 'redirect' | 'status' | 'non-html' | 'external' | 'nofollow' | 'error' | 'cap';

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
