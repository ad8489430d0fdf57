import { z } from 'zod';
import { MAX_URL_LENGTH } from '#views/model/url-input.ts';
import { typedUrlField } from '../typed-url-schema.ts';
import { MAX_PATTERN_LENGTH, MAX_PATTERNS, patternListProblem } from '#views/model/sitemap-patterns.ts';
import { MAX_PAGE_CAP, type SitemapOptions } from '#views/model/sitemap-options.ts';

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

function patternList(field: 'Include' | 'Exclude') {
  return z
    .array(
      z
        .string({ error: `${field} patterns must be text, one pattern per item.` })
        .trim()
        .max(MAX_PATTERN_LENGTH, `${field} patterns may be at most ${MAX_PATTERN_LENGTH} characters each.`),
      { error: `${field} patterns must be a list of paths such as /blog/.` },
    )
    .max(MAX_PATTERNS, `${field} patterns: at most ${MAX_PATTERNS}, one per line.`)
    .transform((patterns) => [...new Set(patterns.filter(Boolean))])
    .superRefine((patterns, ctx) => {
      const problem = patternListProblem(field, patterns);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

const pageCap = z
  .number({ error: 'The page limit must be a whole number.' })
  .int('The page limit must be a whole number.')
  .min(1, 'The page limit must be at least 1.')
  .max(MAX_PAGE_CAP, `The page limit must be at most ${MAX_PAGE_CAP}.`);

const flag = (name: string) => z.boolean({ error: `${name} must be true or false.` });

/** The crawl options (docs/decisions/0046); each may be left out for its default. */
export const sitemapOptionsShape = {
  maxPages: pageCap.optional(),
  include: patternList('Include').optional(),
  exclude: patternList('Exclude').optional(),
  includeNoindex: flag('includeNoindex').optional(),
  includeNonCanonical: flag('includeNonCanonical').optional(),
  images: flag('images').optional(),
  hreflang: flag('hreflang').optional(),
};

export const generateSitemapBody = z.strictObject({ url: startUrlSchema, ...sitemapOptionsShape });
export type GenerateSitemapBody = z.input<typeof generateSitemapBody>;

// The progress stream names the same crawl in its query string (logic.ts optionsQuery writes it):
// numbers and flags arrive as text, a pattern list as one or repeated parameters.
const fromText = <T extends z.ZodType>(schema: T, read: (text: string) => unknown) =>
  z.preprocess((value) => (typeof value === 'string' ? read(value) : value), schema);
const textNumber = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : text);
const textFlag = (text: string) => (text === '1' ? true : text === '0' ? false : text);
const textList = (value: unknown) => (typeof value === 'string' ? [value] : value);

export const progressQuery = z.object({
  url: startUrlSchema,
  maxPages: fromText(pageCap, textNumber).optional(),
  include: z.preprocess(textList, patternList('Include')).optional(),
  exclude: z.preprocess(textList, patternList('Exclude')).optional(),
  includeNoindex: fromText(flag('includeNoindex'), textFlag).optional(),
  includeNonCanonical: fromText(flag('includeNonCanonical'), textFlag).optional(),
  images: fromText(flag('images'), textFlag).optional(),
  hreflang: fromText(flag('hreflang'), textFlag).optional(),
});

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
  | 'robots'
  | 'noindex'
  | 'canonical'
  | 'redirect'
  | 'status'
  | 'non-html'
  | 'external'
  | 'nofollow'
  | 'error'
  | 'cap'
  | 'excluded'
  | 'not-included';

/** A link to a URL on the site that answered an error (status) or no answer at all (status null). */
export interface BrokenLinkView {
  source: string;
  target: string;
  status: number | null;
  detail: string;
}

export interface SitemapReportView {
  pages: number;
  siteUrl: string;
  stoppedBy: 'complete' | 'page-limit' | 'time-limit' | 'aborted';
  durationMs: number;
  skippedCounts: Partial<Record<SkipReasonCode, number>>;
  skipped: { url: string; reason: SkipReasonCode; detail: string }[];
  skippedTruncated: boolean;
  /** Absent from reports made before the options existed. */
  options?: SitemapOptions;
  images?: number;
  alternates?: number;
  htmlSitemap?: string;
  brokenLinks?: BrokenLinkView[];
  brokenLinksTotal?: number;
}

export interface GenerateSitemapResponse {
  sitemap: string;
  record: SitemapListItem;
  report: SitemapReportView;
}
