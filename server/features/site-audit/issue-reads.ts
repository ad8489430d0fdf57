import type { Db } from '#db/index.ts';
import { issueCounts, issueLinkRows, issueUrls } from '#db/site-audit-report-reads.ts';
import type { StoredLink } from '#db/site-audits.ts';
import { ISSUE_TYPE_BY_ID, type Severity } from '#views/model/site-audit.ts';
import { groupLinks, LINK_TARGET_ISSUES, rankFixes } from '#views/model/site-audit-report.ts';
import type { IssueGroup } from './issues.ts';

/*
 * The report's issues read from the database with bounded memory (decision 0059, "The report at a
 * million pages"): counts per type by SQL, the links behind link issues from a bounded number of
 * rows, URLs a page at a time. The same grouping as groupIssues (issues.ts) on an audit whose link
 * issues fit in LINK_ROWS_PER_TYPE rows a type.
 */

/** Link issues read per type to group their links (and the links to a broken URL); counts stay exact. */
export const LINK_ROWS_PER_TYPE = 2000;

/** An issue type's group without its URLs: they are read a page at a time (issuePage). */
export type IssueSummaryGroup = Omit<IssueGroup, 'urls'>;

export interface IssueSummary {
  issues: IssueSummaryGroup[];
  /** URLs with an issue of each severity (a URL counts once per issue type). */
  totals: Record<Severity, number>;
}

/** Types grouped as the report shows them: most severe first, then the most URLs; unknown types left out. */
function countedGroups(counts: Awaited<ReturnType<typeof issueCounts>>) {
  const groups = new Map<string, IssueSummaryGroup & { linked: number }>();
  for (const row of counts) {
    const known = ISSUE_TYPE_BY_ID.get(row.type);
    if (!known) continue;
    const group = groups.get(row.type);
    if (group) {
      group.count += row.count;
      group.linked += row.linked;
    } else
      groups.set(row.type, {
        type: row.type,
        severity: known.severity,
        title: known.title,
        count: row.count,
        linked: row.linked,
      });
  }
  return [...groups.values()];
}

/**
 * Each type's count and, for link issues, their links grouped (and a broken or redirecting URL's
 * links to it): what the report's issue list and top fixes show before any URL is asked for.
 */
export async function issueSummary(db: Db, id: string): Promise<IssueSummary> {
  const counted = countedGroups(await issueCounts(db, id));
  const linkRows = new Map<string, StoredLink[][]>();
  for (const group of counted)
    if (group.linked > 0) linkRows.set(group.type, await issueLinkRows(db, id, group.type, LINK_ROWS_PER_TYPE));
  // The links to each URL, in the order groupIssues meets them: by type, then by the linking URL.
  const byTarget = new Map<string, StoredLink[]>();
  for (const type of [...linkRows.keys()].sort())
    for (const link of linkRows.get(type)!.flat()) {
      const found = byTarget.get(link.target);
      if (found) found.push(link);
      else byTarget.set(link.target, [link]);
    }
  const totals: Record<Severity, number> = { error: 0, warning: 0, notice: 0 };
  const issues: IssueSummaryGroup[] = [];
  for (const { linked, ...group } of counted) {
    totals[group.severity] += group.count;
    const own = linkRows.get(group.type);
    if (own) issues.push({ ...group, links: groupLinks(own.flat()) });
    else if (LINK_TARGET_ISSUES.has(group.type) && byTarget.size > 0) {
      const urls = await issueUrls(db, id, group.type, { offset: 0, limit: LINK_ROWS_PER_TYPE });
      const inbound = urls.flatMap(({ url }) => byTarget.get(url) ?? []);
      issues.push(inbound.length ? { ...group, links: { ...groupLinks(inbound), inbound: true } } : group);
    } else issues.push(group);
  }
  return { issues: rankFixes(issues), totals };
}

/** The types with a URL containing `search`, each with how many of its URLs do. */
export async function issueTypesMatching(db: Db, id: string, search: string): Promise<IssueSummaryGroup[]> {
  return rankFixes(countedGroups(await issueCounts(db, id, { search })).map(({ linked: _, ...group }) => group));
}

/** One page of a type's URLs (URL order) with each one's detail, and how many there are in all. */
export async function issuePage(
  db: Db,
  id: string,
  type: string,
  paging: { page: number; perPage: number },
): Promise<{
  type: string;
  total: number;
  page: number;
  perPage: number;
  urls: Array<{ url: string; detail: string }>;
}> {
  const [counts, urls] = await Promise.all([
    issueCounts(db, id, { type }),
    issueUrls(db, id, type, { offset: (paging.page - 1) * paging.perPage, limit: paging.perPage }),
  ]);
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  return { type, total, ...paging, urls };
}

/**
 * The issue groups with at most `urlsPerType` URLs each (counts exact), for what prints them (the
 * PDF): memory set by the number of types and the cap, not by the audit.
 */
export async function boundedIssueGroups(db: Db, id: string, urlsPerType: number): Promise<IssueGroup[]> {
  const { issues } = await issueSummary(db, id);
  const groups: IssueGroup[] = [];
  for (const group of issues) {
    const urls = await issueUrls(db, id, group.type, { offset: 0, limit: urlsPerType });
    groups.push({ ...group, urls: urls.map((row) => row.url) });
  }
  return groups;
}
