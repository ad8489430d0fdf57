import type { Db } from '#db/index.ts';
import type { MonitorRow } from '#db/monitoring/monitors.ts';
import type { NewMonitorLead } from '#db/monitoring/leads.ts';
import { auditIssues, getSiteAudit, type StoredIssue } from '#db/site-audits.ts';

/** The site audit's grouping of issues (most severe first, then the most URLs), handed over by index.ts. */
export type GroupIssues = (
  issues: readonly StoredIssue[],
) => ReadonlyArray<{ title: string; count: number; severity: string }>;

/** Issue types named in a lead: the most severe, then the most widespread. */
export const LEAD_TOP_ISSUES = 5;

/**
 * A confirmed visitor monitor as the operator's lead: who, which site, and what the visitor's own
 * audit found (its score, its top issues, the link to its report), when they started from one.
 */
export async function monitorLead(
  db: Db,
  monitor: MonitorRow,
  siteUrl: string,
  createdAt: string,
  groupIssues: GroupIssues,
): Promise<NewMonitorLead> {
  const audit = monitor.auditId ? await getSiteAudit(db, monitor.auditId) : undefined;
  const done = audit?.status === 'done' ? audit : undefined;
  const summary = done?.summary as { score?: unknown } | undefined;
  const groups = done ? groupIssues(await auditIssues(db, done.id)) : [];
  return {
    monitorId: monitor.id,
    email: monitor.email,
    site: monitor.url,
    schedule: monitor.schedule,
    score: typeof summary?.score === 'number' ? Math.round(summary.score) : null,
    topIssues: groups
      .slice(0, LEAD_TOP_ISSUES)
      .map((group) => `${group.count} × ${group.title} (${group.severity})`)
      .join('\n'),
    reportUrl: done ? `${siteUrl}/site-audit/${done.id}` : null,
    ipHash: monitor.ipHash,
    createdAt,
  };
}
