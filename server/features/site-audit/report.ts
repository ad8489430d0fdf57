import type { StoredIssue, StoredPage } from '#db/site-audits.ts';
import { pageExperienceSection, type PageExperienceSummary } from '#views/model/page-experience-report.ts';
import type { SiteAuditOutcome } from './audit.ts';
import { experienceSummaries } from './rules/page-experience.ts';
import { isResource, LOADED_AS, type UrlNode } from './store.ts';

/** How many (type, URL) pairs each side of a diff lists; the counts stay exact. */
export const DIFF_LIST_LIMIT = 1000;

/** What the report lists of a URL fetched, failed or blocked by robots.txt; URLs left out by a cap are not listed. */
export const isListed = (node: UrlNode) => node.status > 0 || node.error !== null || node.skipped === 'robots';

/** How many pages load each script or stylesheet (by node id). */
function loaders(nodes: readonly UrlNode[]): Map<number, number> {
  const count = new Map<number, number>();
  for (const node of nodes)
    for (const id of [...(node.page?.scripts ?? []), ...(node.page?.stylesheets ?? [])])
      if (id >= 0) count.set(id, (count.get(id) ?? 0) + 1);
  return count;
}

/** What a listed URL's row reads beyond the URL itself: other URLs by id, and the graph's arrays. */
export interface RowLookups {
  urlOf: (id: number) => string;
  depth: Int32Array;
  inlinks: Int32Array;
}

/** What a listed URL answered: the same facts for pages and resources. */
function responseFacts(look: RowLookups, node: UrlNode) {
  return {
    status: node.status,
    error: node.error,
    blocked: node.skipped === 'robots',
    contentType: node.contentType.split(';')[0] || null,
    ttfbMs: Math.round(node.ttfbMs),
    bytes: node.bytes,
    redirectTo: node.redirectTo >= 0 ? look.urlOf(node.redirectTo) : node.redirectExternal,
  };
}

function pageFacts(look: RowLookups, node: UrlNode) {
  const { depth, inlinks } = look;
  const page = node.page;
  const canonical = page?.canonical;
  return {
    ...responseFacts(look, node),
    depth: depth[node.id] >= 0 ? depth[node.id] : null,
    inlinks: inlinks[node.id],
    inSitemap: node.inSitemap,
    title: page?.title ?? null,
    description: page?.description ?? null,
    h1: page?.h1[0] ?? null,
    words: page?.words ?? null,
    noindex: page?.noindex ?? null,
    lang: page?.lang ?? null,
    canonical:
      canonical?.kind === 'internal' ? look.urlOf(canonical.id) : canonical?.kind === 'external' ? canonical.url : null,
    // Lab Core Web Vitals of a rendered page (server/lib/browser/vitals.ts): lcpMs, cls, tbtMs.
    ...page?.render?.vitals,
  };
}

/** A listed URL's row: a page with its facts, or a script or stylesheet with what loads it (`loadedBy` pages). */
export function listedRow(look: RowLookups, node: UrlNode, issues: string[], loadedBy: number): StoredPage {
  if (!isResource(node)) return { url: node.url, issues, facts: pageFacts(look, node) };
  const loadedAs = [
    node.loadedAs & LOADED_AS.script ? 'script' : '',
    node.loadedAs & LOADED_AS.stylesheet ? 'stylesheet' : '',
  ];
  return {
    url: node.url,
    issues,
    kind: 'resource' as const,
    facts: {
      ...responseFacts(look, node),
      loadedAs: loadedAs.filter(Boolean).join(' and '),
      loadedBy,
    },
  };
}

/**
 * The per-URL rows of the report's two lists, each with its facts and the ids of its issues: the pages
 * list (every URL fetched, failed or blocked by robots.txt but the scripts and stylesheets) and the
 * resources list (those, with what loads them). URLs left out by a cap are not listed.
 */
export function pageRows(outcome: SiteAuditOutcome): StoredPage[] {
  const issuesByUrl = new Map<string, string[]>();
  for (const issue of outcome.issues) {
    const list = issuesByUrl.get(issue.url);
    if (list) list.push(issue.type);
    else issuesByUrl.set(issue.url, [issue.type]);
  }
  const loadedBy = loaders(outcome.nodes);
  const look: RowLookups = { urlOf: (id) => outcome.nodes[id].url, depth: outcome.depth, inlinks: outcome.inlinks };
  return outcome.nodes
    .filter(isListed)
    .map((node) => listedRow(look, node, issuesByUrl.get(node.url) ?? [], loadedBy.get(node.id) ?? 0));
}

/**
 * Site-level facts kept with the report. `experience`: the rendered pages' summaries, when the records are no
 * longer in the nodes (read from the crawl store, stored-pages.ts).
 */
export function reportFacts(
  outcome: SiteAuditOutcome,
  experience: Iterable<PageExperienceSummary> = experienceSummaries(outcome.nodes),
) {
  return {
    siteUrl: outcome.siteUrl,
    stoppedBy: outcome.stoppedBy,
    durationMs: outcome.durationMs,
    crawlDelayMs: outcome.crawlDelayMs,
    hasSitemap: outcome.hasSitemap,
    // Rendered audits only: the "Page experience" section (lab Core Web Vitals and axe, decision 0056).
    ...(outcome.render ? { render: outcome.render, pageExperience: pageExperienceSection(experience) } : {}),
    sitemaps: outcome.sitemaps.map((file) => ({
      url: file.url,
      kind: file.kind,
      valid: file.valid,
      urls: file.urls,
      error: file.error ?? null,
    })),
  };
}

/** The CSV export's columns: an issue per row, or a link per row for link issues (where it is, its text, its place). */
export const CSV_HEADER = [
  'url',
  'type',
  'severity',
  'detail',
  'link_source',
  'link_target',
  'anchor_text',
  'link_position',
];

/** Every issue as CSV rows: one per link behind a link issue (all stored links), one for any other issue. */
export function* csvRows(issues: Iterable<StoredIssue>): Generator<string[]> {
  for (const issue of issues) {
    const head = [issue.url, issue.type, issue.severity, issue.detail];
    if (!issue.links?.length) yield [...head, '', '', '', ''];
    else for (const link of issue.links) yield [...head, link.source, link.target, link.anchor, link.position];
  }
}
