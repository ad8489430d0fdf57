import { normalizeUrl } from '#server/lib/crawler/normalize.ts';
import { isHtmlContentType, decodeHtml } from '#server/lib/page-facts/decode.ts';
import { extractPageFacts } from '#server/lib/page-facts/extract.ts';
import { hasNoindex, xRobotsDirectivesFor } from '#server/lib/page-facts/robots-directives.ts';
import type { ChangeField, ChangeSeverity, ChangeValue } from '#views/model/monitor-changes.ts';

/**
 * One reading of a watched page, field by field (issue 35): what is compared, never the raw HTML,
 * so a CSRF token, a nonce or a "generated at" line in the markup changes nothing. Stored as JSON.
 */
export interface PageSnapshot {
  /** The first answer's status ("200", "404"), or "error: …" when there was none. */
  status: string;
  /** Where a 3xx answer sends the page (absolute), else null. */
  redirect: string | null;
  title: string | null;
  description: string | null;
  h1: string | null;
  canonical: string | null;
  indexability: 'indexable' | 'noindex';
  hreflang: string[];
  structuredData: string[];
  words: number;
  /** In-site links, normalised, without volatile query parameters, sorted and capped. */
  links: string[];
}

export interface FieldChange {
  field: ChangeField;
  before: ChangeValue;
  after: ChangeValue;
  severity: ChangeSeverity;
}

/** Links kept per page: enough for any navigation; a page of 100,000 links must not store them all. */
export const MAX_WATCHED_LINKS = 1000;

/** Query parameters that change on every load (session ids, cache busters, nonces): not part of a link. */
const VOLATILE_PARAM = /^(?:_|ts|t|timestamp|nonce|cb|sid|sessionid|phpsessid|jsessionid|utm_.*|.*csrf.*|.*token.*)$/i;

/** Dates, times and clock readings in text: a title saying "updated 10:42" is not a new title at 10:43. */
const DYNAMIC_TEXT = [
  /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g,
  /\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/g,
  /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?\b/gi,
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}\b/gi,
  /\b\d{1,2}(?:st|nd|rd|th)? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,? \d{4}\b/gi,
];

/** Text as it is compared: spaces collapsed, dates and times masked. */
export function comparableText(text: string | null): string | null {
  if (text === null) return null;
  let out = text.replace(/\s+/g, ' ').trim();
  for (const pattern of DYNAMIC_TEXT) out = out.replace(pattern, '#');
  return out;
}

/** An in-site link as it is kept: normalised, its volatile parameters dropped; null for another host. */
export function comparableLink(href: string, base: string): string | null {
  const normalized = normalizeUrl(href, base);
  if (!normalized) return null;
  const url = new URL(normalized);
  if (url.host !== new URL(base).host) return null;
  for (const name of [...url.searchParams.keys()]) if (VOLATILE_PARAM.test(name)) url.searchParams.delete(name);
  return url.href;
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

export interface Answer {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The fields of a page that has none of its own (an error, a redirect): status and target only. */
export function bareSnapshot(status: string, redirect: string | null = null): PageSnapshot {
  return {
    status,
    redirect,
    title: null,
    description: null,
    h1: null,
    canonical: null,
    indexability: 'indexable',
    hreflang: [],
    structuredData: [],
    words: 0,
    links: [],
  };
}

/** The page's fields from its first answer (redirects are not followed: a new redirect is a change). */
export function snapshotOf(answer: Answer): PageSnapshot {
  const location = answer.headers.location;
  if (answer.status >= 300 && answer.status < 400 && location) {
    let target: string;
    try {
      target = new URL(location, answer.url).href;
    } catch {
      target = location;
    }
    return bareSnapshot(String(answer.status), target);
  }
  const headerNoindex = hasNoindex(xRobotsDirectivesFor(answer.headers['x-robots-tag'], 'googlebot'));
  const snapshot = bareSnapshot(String(answer.status));
  snapshot.indexability = headerNoindex ? 'noindex' : 'indexable';
  if (!isHtmlContentType(answer.headers['content-type'])) return snapshot;
  const facts = extractPageFacts(decodeHtml(answer.body, answer.headers['content-type']));
  const base = answer.url;
  const absolute = (href: string | null) => (href ? (normalizeUrl(href, base) ?? href) : null);
  const links: string[] = [];
  for (const link of facts.links) {
    const kept = comparableLink(link.href, base);
    if (kept) links.push(kept);
  }
  return {
    ...snapshot,
    title: facts.title,
    description: facts.metaDescription,
    h1: facts.h1[0] ?? null,
    canonical: absolute(facts.canonical),
    indexability: headerNoindex || hasNoindex(facts.metaRobots) ? 'noindex' : 'indexable',
    hreflang: sorted(facts.hreflang.map((entry) => `${entry.lang.toLowerCase()} ${absolute(entry.href)}`)),
    structuredData: sorted(facts.jsonLdTypes),
    words: facts.wordCount,
    links: sorted(links).slice(0, MAX_WATCHED_LINKS),
  };
}

/** An answer that is no page to compare: an error status or no answer at all. */
export function isErrorSnapshot(snapshot: PageSnapshot): boolean {
  return !/^[23]\d\d$/.test(snapshot.status);
}

/** A page with content of its own (not an error, not a redirect): its content fields mean something. */
function hasContent(snapshot: PageSnapshot): boolean {
  return !isErrorSnapshot(snapshot) && snapshot.redirect === null;
}

function severityOf(field: ChangeField, after: PageSnapshot): ChangeSeverity {
  if (field === 'status') return isErrorSnapshot(after) ? 'critical' : 'info';
  if (field === 'indexability') return after.indexability === 'noindex' ? 'critical' : 'info';
  if (field === 'canonical' || field === 'redirect' || field === 'title') return 'warning';
  if (field === 'structured-data' || field === 'hreflang') return 'warning';
  return 'info';
}

const TEXT_FIELDS = [
  ['title', 'title'],
  ['description', 'description'],
  ['h1', 'h1'],
] as const;

function contentChanges(before: PageSnapshot, after: PageSnapshot, wordChange: number): FieldChange[] {
  const changes: FieldChange[] = [];
  const add = (field: ChangeField, was: ChangeValue, now: ChangeValue) =>
    changes.push({ field, before: was, after: now, severity: severityOf(field, after) });
  for (const [field, key] of TEXT_FIELDS)
    if (comparableText(before[key]) !== comparableText(after[key])) add(field, before[key], after[key]);
  if (before.canonical !== after.canonical) add('canonical', before.canonical, after.canonical);
  if (before.indexability !== after.indexability) add('indexability', before.indexability, after.indexability);
  if (before.hreflang.join('\n') !== after.hreflang.join('\n')) add('hreflang', before.hreflang, after.hreflang);
  if (before.structuredData.join('\n') !== after.structuredData.join('\n'))
    add('structured-data', before.structuredData, after.structuredData);
  if (Math.abs(after.words - before.words) >= wordChange) add('word-count', before.words, after.words);
  const was = new Set(before.links);
  const now = new Set(after.links);
  const removed = before.links.filter((link) => !now.has(link));
  const added = after.links.filter((link) => !was.has(link));
  if (removed.length || added.length) add('internal-links', removed, added);
  return changes;
}

/**
 * What changed from one reading to the next, field by field, and the reading to keep. A page with
 * no content of its own now (an error, a redirect) changes only its status and target: its content
 * fields keep their last values, so a page that comes back is compared with what it was. A word
 * count within `wordChange` words of the kept one is no change, and the kept count stays (slow
 * drift is reported once it adds up).
 */
export function compareSnapshots(
  before: PageSnapshot,
  after: PageSnapshot,
  wordChange: number,
): { changes: FieldChange[]; keep: PageSnapshot } {
  const changes: FieldChange[] = [];
  // A new (or moved, or gone) redirect between two answers that are no errors is one change, its target's.
  const redirected = before.redirect !== after.redirect && !isErrorSnapshot(before) && !isErrorSnapshot(after);
  if (before.status !== after.status && !redirected)
    changes.push({
      field: 'status',
      before: before.status,
      after: after.status,
      severity: severityOf('status', after),
    });
  if (before.redirect !== after.redirect)
    changes.push({ field: 'redirect', before: before.redirect, after: after.redirect, severity: 'warning' });
  if (!hasContent(after)) return { changes, keep: { ...before, status: after.status, redirect: after.redirect } };
  const content = contentChanges(before, after, wordChange);
  const wordsChanged = content.some((change) => change.field === 'word-count');
  return { changes: [...changes, ...content], keep: { ...after, words: wordsChanged ? after.words : before.words } };
}
