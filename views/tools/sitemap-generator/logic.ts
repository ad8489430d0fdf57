import type { SitemapOptionsInput } from '#views/model/sitemap-options.ts';
import { patternListProblem, patternsFromText } from '#views/model/sitemap-patterns.ts';
import type { SitemapListItem, SitemapProgress, SkipReasonCode } from './schema.ts';

/** Window event the generator fires after each new sitemap; the history island reloads on it. */
export const SITEMAPS_CHANGED_EVENT = 'sitemaps:changed';

/** The absolute link people can open or submit, built from this site's origin and the path. */
export function fullLink(origin: string, sitemapPath: string): string {
  try {
    return new URL(sitemapPath, origin).href;
  } catch {
    // Spec 7: the raw path is used when the link cannot be built.
    return sitemapPath;
  }
}

/**
 * The name the download is saved under: `sitemap.xml`, the name it should have on the visitor's
 * site (issue 14, over spec 7's "last segment of the link", which is this tool's internal name).
 */
export const DOWNLOAD_FILE_NAME = 'sitemap.xml';

/** URLs of the generated file shown on the page; the rest are counted, not listed. */
export const PREVIEW_LIMIT = 50;

/** The crawled site's origin, for the upload instructions; the URL as given when it will not parse. */
export function siteOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url.replace(/\/+$/, '');
  }
}

/** The check line (spec 8 strings): accessible and valid, failed with the status or the reason, or the error. */
export function checkMessage(
  read: { ok: true; validation: { ok: true } | { ok: false; reason: string } } | { ok: false; status: number },
): string {
  if (!read.ok) return `❌ Sitemap check failed: ${read.status}`;
  return read.validation.ok
    ? '✅ Sitemap is accessible and valid.'
    : `❌ Sitemap check failed: ${read.validation.reason}`;
}

/**
 * Share of known work done, for the progress bar. The crawl does not know its total in advance,
 * so this is pages handled over pages handled plus pages waiting; it can move backwards when a page
 * reveals many new links, which is honest about what the crawler knows.
 */
export function progressPercent(progress: SitemapProgress): number {
  const done = progress.found + progress.skipped;
  const total = done + progress.queued;
  return total === 0 ? 0 : Math.min(100, Math.round((done / total) * 100));
}

/** The list endpoint's answer; anything but an array counts as no sitemaps (spec 7). */
export function toSitemapList(data: unknown): { items: SitemapListItem[]; valid: boolean } {
  if (!Array.isArray(data)) return { items: [], valid: false };
  return { items: data as SitemapListItem[], valid: true };
}

export const REASON_LABELS: Record<SkipReasonCode, string> = {
  robots: 'Blocked by robots.txt',
  noindex: 'Marked noindex',
  canonical: 'Canonical points elsewhere',
  redirect: 'Redirect',
  status: 'Error status (4xx/5xx)',
  'non-html': 'Not an HTML page',
  external: 'External link',
  nofollow: 'Only linked with nofollow',
  error: 'Could not be fetched',
  cap: 'Limit reached',
  excluded: 'Matches an exclude pattern',
  'not-included': 'Matches no include pattern',
};

/** Reasons in the order the report shows them, with their counts, omitting reasons with none. */
export function reasonRows(
  counts: Partial<Record<SkipReasonCode, number>>,
): { reason: SkipReasonCode; label: string; count: number }[] {
  return (Object.keys(REASON_LABELS) as SkipReasonCode[])
    .filter((reason) => (counts[reason] ?? 0) > 0)
    .map((reason) => ({ reason, label: REASON_LABELS[reason], count: counts[reason] ?? 0 }));
}

export function stopLabel(stoppedBy: 'complete' | 'page-limit' | 'time-limit' | 'aborted', maxPagesNote = ''): string {
  switch (stoppedBy) {
    case 'complete':
      return 'Crawl complete: every reachable page was visited.';
    case 'page-limit':
      return `Stopped at the page limit${maxPagesNote}; the remaining URLs are listed as "Limit reached".`;
    case 'time-limit':
      return 'Stopped at the time limit; the remaining URLs are listed as "Limit reached".';
    default:
      return 'The crawl was stopped before it finished.';
  }
}

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

export const GENERATE_FAILED = 'Failed to generate sitemap';

/** The error line shown under the input: the spec's message, plus the server's reason when given. */
export function generateErrorMessage(serverReason: string): string {
  return serverReason ? `${GENERATE_FAILED}: ${serverReason}` : GENERATE_FAILED;
}

/** The options as the form holds them: text fields as typed, boxes ticked or not. */
export interface OptionsForm {
  maxPages: string;
  include: string;
  exclude: string;
  includeNoindex: boolean;
  includeNonCanonical: boolean;
  images: boolean;
  hreflang: boolean;
}

export const DEFAULT_OPTIONS_FORM: OptionsForm = {
  maxPages: '',
  include: '',
  exclude: '',
  includeNoindex: false,
  includeNonCanonical: false,
  images: true,
  hreflang: true,
};

/**
 * The form's options as the API takes them, or what is wrong with them (the server checks the same
 * again). Only what differs from the defaults is sent, so a crawl with default options is the crawl
 * anyone else with default options joins.
 */
export function optionsFromForm(
  form: OptionsForm,
): { ok: true; options: SitemapOptionsInput } | { ok: false; error: string } {
  const options: SitemapOptionsInput = {};
  const cap = form.maxPages.trim();
  if (cap) {
    if (!/^\d{1,7}$/.test(cap) || Number(cap) < 1)
      return { ok: false, error: 'The page limit must be a whole number of at least 1.' };
    options.maxPages = Number(cap);
  }
  const include = patternsFromText(form.include);
  const exclude = patternsFromText(form.exclude);
  const problem = patternListProblem('Include', include) ?? patternListProblem('Exclude', exclude);
  if (problem) return { ok: false, error: problem };
  if (include.length) options.include = include;
  if (exclude.length) options.exclude = exclude;
  if (form.includeNoindex) options.includeNoindex = true;
  if (form.includeNonCanonical) options.includeNonCanonical = true;
  if (!form.images) options.images = false;
  if (!form.hreflang) options.hreflang = false;
  return { ok: true, options };
}

/** One line saying which options differ from the defaults ("Default options" when none). */
export function optionsSummary(form: OptionsForm): string {
  const parts: string[] = [];
  const cap = form.maxPages.trim();
  if (cap) parts.push(`at most ${cap} pages`);
  const include = patternsFromText(form.include).length;
  const exclude = patternsFromText(form.exclude).length;
  if (include) parts.push(`${include} include pattern${include === 1 ? '' : 's'}`);
  if (exclude) parts.push(`${exclude} exclude pattern${exclude === 1 ? '' : 's'}`);
  if (form.includeNoindex) parts.push('noindex pages listed');
  if (form.includeNonCanonical) parts.push('non-canonical pages listed');
  if (!form.images) parts.push('no images');
  if (!form.hreflang) parts.push('no hreflang');
  return parts.length ? parts.join(' · ') : 'Default options';
}

/** A broken link's status as the table shows it: the HTTP status, or why no answer came. */
export function brokenStatusLabel(link: { status: number | null; detail: string }): string {
  return link.status === null ? `No answer (${link.detail})` : String(link.status);
}
