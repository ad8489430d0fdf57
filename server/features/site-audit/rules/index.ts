import { ISSUE_TYPES, type Severity } from '#views/model/site-audit.ts';
import type { ExternalCheck } from '../external-links.ts';
import { SCORE_LOSS } from '#views/model/site-audit-report.ts';
import type { SitemapFile } from '../sitemaps.ts';
import type { UrlNode } from '../store.ts';
import { clickDepths, inlinkCounts, type Finding, type RobotsState, type Rule, type RuleContext } from './context.ts';
import { buildLinkIndex, type LinkRef, type LinkStrings } from './link-refs.ts';
import { contentRules } from './content.ts';
import { indexingRules } from './indexing.ts';
import { linkRules } from './links.ts';
import { responseRules } from './responses.ts';
import { pageMetaRules } from './page-meta.ts';
import { indexingContentRules } from './indexing-content.ts';
import { structuredDataRules } from './structured-data.ts';
import { resourcesRules } from './resources.ts';
import { renderingRules } from './rendering.ts';
import { pageExperienceRules } from './page-experience.ts';
import { accessibilityRules } from './accessibility.ts';

export type { Finding } from './context.ts';

export const RULES: Record<string, Rule> = {
  ...responseRules,
  ...contentRules,
  ...linkRules,
  ...indexingRules,
  ...pageMetaRules,
  ...indexingContentRules,
  ...structuredDataRules,
  ...resourcesRules,
  ...renderingRules,
  ...pageExperienceRules,
  ...accessibilityRules,
};

export interface IssueInstance {
  type: string;
  severity: Severity;
  url: string;
  detail: string;
  /** Link issues: the links involved (source → target → anchor → position), capped at MAX_LINK_REFS. */
  links?: LinkRef[];
}

export interface RuleInput {
  nodes: readonly UrlNode[];
  hasSitemap: boolean;
  sitemapFiles: readonly SitemapFile[];
  robots?: RobotsState;
  /** Anchor texts and external URLs behind `PageRecord.outlinks` (the URL store's). */
  strings?: LinkStrings;
  /** Answers of the external URLs checked (by index in `strings.externals`); absent when not checked. */
  externalChecks?: ReadonlyArray<ExternalCheck | undefined>;
  /** Computed over the crawl store (store-analysis/): its depth and inlinks by node id. */
  fromStore?: { depth: Int32Array; inlinks: Int32Array };
}

/** The rules' context over nodes in memory: depth and inlinks from the store's analysis when given. */
export function contextOf(input: RuleInput): RuleContext {
  const strings = input.strings ?? { anchors: [], externals: [] };
  return {
    ...input,
    depth: input.fromStore?.depth ?? clickDepths(input.nodes),
    inlinks: input.fromStore?.inlinks ?? inlinkCounts(input.nodes),
    linkIndex: buildLinkIndex(input.nodes, strings),
    strings,
    externalChecks: input.externalChecks ?? [],
  };
}

export interface Evaluation {
  /** Every finding, ordered by issue type (catalogue order) then URL. */
  issues: IssueInstance[];
  depth: Int32Array;
  inlinks: Int32Array;
}

/** Runs every rule of the catalogue over the crawl; one instance per (type, URL). */
export function evaluateRules(input: RuleInput): Evaluation {
  const context = contextOf(input);
  const issues = ISSUE_TYPES.flatMap((issueType) => evaluateRule(issueType, context));
  return { issues, depth: context.depth, inlinks: context.inlinks };
}

/**
 * `evaluateRules` on the event loop that serves pages: all rules over 5,000 pages take ~100 ms,
 * so it lets the loop turn (`breathe`) between rules.
 */
export async function evaluateRulesSliced(input: RuleInput, breathe: () => Promise<void>): Promise<Evaluation> {
  const context = contextOf(input);
  const issues: IssueInstance[] = [];
  for (const issueType of ISSUE_TYPES) {
    await breathe();
    issues.push(...evaluateRule(issueType, context));
  }
  return { issues, depth: context.depth, inlinks: context.inlinks };
}

/** One rule's findings over a context: one per URL (the first), in URL order. */
export function evaluateRule(issueType: (typeof ISSUE_TYPES)[number], context: RuleContext): IssueInstance[] {
  const rule = RULES[issueType.type];
  if (!rule) throw new Error(`No rule for issue type ${issueType.type}`);
  const byUrl = new Map<string, Finding>();
  for (const finding of rule(context)) if (!byUrl.has(finding.url)) byUrl.set(finding.url, finding);
  const sorted = [...byUrl.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return sorted.map((finding) => ({
    type: issueType.type,
    severity: issueType.severity,
    url: finding.url,
    detail: finding.detail,
    ...(finding.links ? { links: finding.links } : {}),
  }));
}

export interface AuditSummaryCounts {
  /** URLs crawled but the scripts and stylesheets (the pages list). */
  pages: number;
  /** Scripts and stylesheets crawled (the resources list). */
  resources: number;
  score: number;
  errors: number;
  warnings: number;
  notices: number;
}

/**
 * Health score: the share of audited URLs free of errors, where a URL with warnings but no
 * error counts half (SCORE_LOSS, which the report explains). Notices never lower it. 100 for a site
 * with nothing to report.
 */
export function summarize(
  issues: readonly IssueInstance[],
  crawledUrls: readonly string[],
  resources = 0,
): AuditSummaryCounts {
  const withError = new Set<string>();
  const withWarning = new Set<string>();
  let errors = 0;
  let warnings = 0;
  let notices = 0;
  for (const issue of issues) {
    if (issue.severity === 'error') {
      errors += 1;
      withError.add(issue.url);
    } else if (issue.severity === 'warning') {
      warnings += 1;
      withWarning.add(issue.url);
    } else notices += 1;
  }
  const all = new Set([...crawledUrls, ...withError, ...withWarning]);
  let warnedOnly = 0;
  for (const url of withWarning) if (!withError.has(url)) warnedOnly += 1;
  const score = healthScore(all.size, withError.size, warnedOnly);
  return { pages: crawledUrls.length - resources, resources, score, errors, warnings, notices };
}

/** The health score of `urls` audited URLs (crawled, or named by an error or a warning), of which some have errors or only warnings. */
export function healthScore(urls: number, withError: number, warnedOnly: number): number {
  const lost = withError * SCORE_LOSS.error + warnedOnly * SCORE_LOSS.warning;
  return urls === 0 ? 100 : Math.max(0, Math.round((100 * (urls - lost)) / urls));
}
