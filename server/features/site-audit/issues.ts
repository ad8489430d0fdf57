import type { StoredIssue, StoredLink } from '#db/site-audits.ts';
import { ISSUE_TYPE_BY_ID, type IssueType } from '#views/model/site-audit.ts';
import { groupLinks, LINK_TARGET_ISSUES, type IssueGroup } from '#views/model/site-audit-report.ts';
import { rankFixes } from '#views/model/site-audit-report.ts';

export type { IssueGroup };

/** Issues grouped by type: most severe first, then the most URLs. */
export function groupIssues(issues: readonly StoredIssue[]): IssueGroup[] {
  const groups = new Map<string, IssueGroup>();
  const links = new Map<string, StoredLink[][]>();
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
    if (issue.links?.length) {
      const list = links.get(issue.type);
      if (list) list.push(issue.links);
      else links.set(issue.type, [issue.links]);
    }
  }
  for (const [type, lists] of links) groups.get(type)!.links = groupLinks(lists.flat());
  // A broken or redirecting URL: the links to it that the link issues found, so the report says where they are.
  const byTarget = new Map<string, StoredLink[]>();
  for (const lists of links.values())
    for (const list of lists)
      for (const link of list) {
        const found = byTarget.get(link.target);
        if (found) found.push(link);
        else byTarget.set(link.target, [link]);
      }
  for (const group of groups.values()) {
    if (group.links || !LINK_TARGET_ISSUES.has(group.type)) continue;
    const inbound = group.urls.flatMap((url) => byTarget.get(url) ?? []);
    if (inbound.length) group.links = { ...groupLinks(inbound), inbound: true };
  }
  return rankFixes([...groups.values()]);
}

/**
 * The fixes worth doing first: every error before any warning, every warning before any notice;
 * within a severity, the issue on the most pages first.
 */
export function topFixes(groups: readonly IssueGroup[], limit = 10): Array<IssueGroup & { issue: IssueType }> {
  return rankFixes(groups)
    .slice(0, limit)
    .map((group) => ({ ...group, issue: ISSUE_TYPE_BY_ID.get(group.type)! }));
}
