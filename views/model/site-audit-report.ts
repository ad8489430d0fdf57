/**
 * The site audit's report, shared by the screen (views/tools/site-audit), the PDF and the CSV
 * (server/features/site-audit) and the score (rules/index.ts): link groups, the score's rule, the
 * order of fixes and the report's title, in the words a site owner reads.
 */
import { SEVERITY_ORDER, type Severity } from './site-audit.ts';
import { formatLocalDay } from './local-time.ts';

/** One link behind a link issue: on which page, to where, with what text, in which part of the page. */
export interface AuditLink {
  source: string;
  target: string;
  anchor: string;
  position: string;
}

/**
 * The same link (target, anchor text, position) found on several pages: one template's link, told
 * once ("1 link in the footer, on 45 pages") with the pages it is on.
 */
export interface AuditLinkGroup {
  target: string;
  anchor: string;
  position: string;
  /** How many different pages carry this link (exact over every stored link of the issue). */
  pages: number;
  /** The first pages that carry it, in crawl order; `pages` says how many there are. */
  sources: string[];
}

export interface AuditLinkGroups {
  /** Links of the issue across all its pages. */
  total: number;
  /** Different (target, anchor, position) links; `groups` lists the first MAX_LINK_GROUPS of them. */
  distinct: number;
  groups: AuditLinkGroup[];
  /** The links point at this issue's URLs (a broken or redirecting URL): the links found on other pages. */
  inbound?: boolean;
}

/** An issue type's findings as a report prints them: its URLs (all, or a bounded first few) and its links grouped. */
export interface IssueGroup {
  type: string;
  severity: Severity;
  title: string;
  count: number;
  urls: string[];
  /** Link issues: their links grouped by (target, anchor text, position), with the pages carrying each. */
  links?: AuditLinkGroups;
}

/**
 * Issues about a URL that links lead to (it answers an error or redirects): the report names the
 * links to it, found by the link issues, so "linked from" tells where to fix them.
 */
export const LINK_TARGET_ISSUES: ReadonlySet<string> = new Set([
  'status-4xx',
  'status-5xx',
  'fetch-failed',
  'redirect-chain',
  'redirect-loop',
  'redirect-temporary',
  'redirect-broken',
]);

/** Groups listed per issue type, and pages named per group: the CSV has every link. */
export const MAX_LINK_GROUPS = 100;
export const MAX_GROUP_SOURCES = 10;

const POSITION_WORDS: Record<string, string> = {
  navigation: 'in the navigation',
  footer: 'in the footer',
  content: 'in the page content',
};

/** "in the footer": where on the page a link sits, in words. */
export function positionWords(position: string): string {
  return POSITION_WORDS[position] ?? `in the ${position}`;
}

const count = (n: number, word: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? word : `${word}s`}`;

/** "1 link in the footer, on 45 pages". */
export function linkSentence(group: Pick<AuditLinkGroup, 'position' | 'pages'>): string {
  return `1 link ${positionWords(group.position)}, on ${count(group.pages, 'page')}`;
}

/**
 * What a top fix touches: for a link issue the links to change, the template's link on the most pages
 * named ("1 link in the footer, on 45 pages"; "3 links to fix: 1 link in the footer, on 45 pages, and
 * 2 more"), else its pages ("on 2 pages").
 */
export function fixScope(group: { count: number; links?: AuditLinkGroups }): string {
  const links = group.links;
  if (!links?.groups.length) return `on ${count(group.count, 'page')}`;
  const widest = links.groups.reduce((best, next) => (next.pages > best.pages ? next : best));
  if (links.distinct === 1) return linkSentence(widest);
  return `${count(links.distinct, 'link')} to fix: ${linkSentence(widest)}, and ${links.distinct - 1} more`;
}

/** "Linked from /a, /b and 43 more pages". */
export function linkedFrom(group: Pick<AuditLinkGroup, 'pages' | 'sources'>, short: (url: string) => string): string {
  const named = group.sources.map(short).join(', ');
  const rest = group.pages - group.sources.length;
  return rest > 0 ? `Linked from ${named} and ${count(rest, 'more page')}` : `Linked from ${named}`;
}

/**
 * Every link of an issue, grouped by (target, anchor text, position): the links a template puts on
 * every page become one group with the number of pages. Most pages first, then in the order found.
 */
export function groupLinks(
  links: Iterable<AuditLink>,
  limits: { groups?: number; sources?: number } = {},
): AuditLinkGroups {
  const maxGroups = limits.groups ?? MAX_LINK_GROUPS;
  const maxSources = limits.sources ?? MAX_GROUP_SOURCES;
  const byKey = new Map<string, { group: AuditLinkGroup; seen: Set<string>; order: number }>();
  let total = 0;
  for (const link of links) {
    total += 1;
    const key = `${link.position}\u0000${link.anchor}\u0000${link.target}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = {
        group: { target: link.target, anchor: link.anchor, position: link.position, pages: 0, sources: [] },
        seen: new Set(),
        order: byKey.size,
      };
      byKey.set(key, entry);
    }
    if (entry.seen.has(link.source)) continue;
    entry.seen.add(link.source);
    entry.group.pages += 1;
    if (entry.group.sources.length < maxSources) entry.group.sources.push(link.source);
  }
  const groups = [...byKey.values()]
    .sort((a, b) => b.group.pages - a.group.pages || a.order - b.order)
    .slice(0, maxGroups)
    .map((entry) => entry.group);
  return { total, distinct: byKey.size, groups };
}

/**
 * The health score's rule, one place for the audit that computes it (rules/index.ts `summarize`)
 * and the report that explains it: what one URL loses by its worst issue. A URL with an error
 * counts for nothing, one with warnings but no error for half, and notices never lower the score.
 */
export const SCORE_LOSS = { error: 1, warning: 0.5, notice: 0 } as const;

const share = (loss: number) => (loss === 0.5 ? 'half' : loss === 0 ? 'fully' : `${(1 - loss) * 100}%`);

/** The score's formula in plain words, from SCORE_LOSS. */
export function scoreExplanation(): string[] {
  return [
    'The health score is the share of crawled URLs that are free of problems, out of 100.',
    `A URL with an error counts ${SCORE_LOSS.error === 1 ? 'for nothing' : share(SCORE_LOSS.error)}; a URL with warnings but no error counts ${share(SCORE_LOSS.warning)}; notices never lower the score.`,
    `Score = 100 × (URLs with no error or warning + ${SCORE_LOSS.warning === 0.5 ? '½' : 1 - SCORE_LOSS.warning} × URLs with only warnings) ÷ URLs crawled.`,
  ];
}

/** "27 November 2026": the day an audit finished in the profile's zone, as a site owner writes it. */
export function reportDate(iso: string, timeZone: string): string {
  return formatLocalDay(iso, timeZone);
}

/** The host an audit looked at, "example.com" (the address as typed when it is not a URL). */
export function auditDomain(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** The score's band (its colour on the report and on its card): 90 and up good, 60 and up fair. */
export function scoreLabel(score: number): 'good' | 'fair' | 'poor' {
  return score >= 90 ? 'good' : score >= 60 ? 'fair' : 'poor';
}

/** "Site audit of example.com, 27 November 2026": the shareable report's title. */
export function reportTitle(
  audit: { url: string; finishedAt: string | null; createdAt: string },
  timeZone: string,
): string {
  return `Site audit of ${auditDomain(audit.url)}, ${reportDate(audit.finishedAt ?? audit.createdAt, timeZone)}`;
}

/**
 * The order fixes are worth doing in: every error before any warning, every warning before any
 * notice; within a severity the issue on the most pages first, then by id (stable).
 */
export function rankFixes<T extends { type: string; severity: Severity; count: number }>(groups: readonly T[]): T[] {
  return [...groups].sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || b.count - a.count || a.type.localeCompare(b.type),
  );
}

/** The path part of a URL on the audited site, for compact lists. */
export function shortUrl(url: string, siteUrl?: string): string {
  return siteUrl && url.startsWith(siteUrl) ? url.slice(siteUrl.length) || '/' : url;
}

/** The contact form, filled in from a report: the site, its score and the audit (the inbox links it). */
export function contactPath(audit: { id: string; url: string }, score: number | null): string {
  const query = new URLSearchParams({ site: audit.url, score: score === null ? '' : String(score), audit: audit.id });
  return `/contact-me?${query.toString()}`;
}
