import type { StoredIssue } from '#db/site-audits.ts';
import { ISSUE_TYPE_BY_ID, SEVERITY_ORDER, type IssueType, type Severity } from '#views/model/site-audit.ts';

export interface IssueGroup {
  type: string;
  severity: Severity;
  title: string;
  count: number;
  urls: string[];
}

const WEIGHT: Record<Severity, number> = { error: 3, warning: 2, notice: 1 };

/** Issues grouped by type: most severe first, then the most URLs. */
export function groupIssues(issues: readonly StoredIssue[]): IssueGroup[] {
  const groups = new Map<string, IssueGroup>();
  for (const issue of issues) {
    const known = ISSUE_TYPE_BY_ID.get(issue.type);
    if (!known) continue;
    let group = groups.get(issue.type);
    if (!group)
      groups.set(
        issue.type,
        (group = { type: issue.type, severity: known.severity, title: known.title, count: 0, urls: [] }),
      );
    group.count += 1;
    group.urls.push(issue.url);
  }
  return [...groups.values()].sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || b.count - a.count || a.type.localeCompare(b.type),
  );
}

/** The fixes worth doing first: severity weight (error 3, warning 2, notice 1) times URLs affected. */
export function topFixes(
  groups: readonly IssueGroup[],
  limit = 10,
): Array<IssueGroup & { issue: IssueType; impact: number }> {
  return groups
    .map((group) => ({
      ...group,
      issue: ISSUE_TYPE_BY_ID.get(group.type)!,
      impact: WEIGHT[group.severity] * group.count,
    }))
    .sort(
      (a, b) =>
        b.impact - a.impact || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.type.localeCompare(b.type),
    )
    .slice(0, limit);
}
