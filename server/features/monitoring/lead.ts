import type { Db } from '#db/index.ts';
import type { MonitorRow } from '#db/monitoring/monitors.ts';
import type { NewMonitorLead } from '#db/monitoring/leads.ts';
import { getSiteAudit } from '#db/site-audits.ts';

/**
 * The site audit's issue counts per type (most severe first, then the most URLs), read by SQL
 * without the URLs (issue 34), handed over by index.ts.
 */
export type IssueCounts = (
  db: Db,
  auditId: string,
) => Promise<{ issues: ReadonlyArray<{ title: string; count: number; severity: string }> }>;

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
  issueCounts: IssueCounts,
): Promise<NewMonitorLead> {
  const audit = monitor.auditId ? await getSiteAudit(db, monitor.auditId) : undefined;
  const done = audit?.status === 'done' ? audit : undefined;
  const summary = done?.summary as { score?: unknown } | undefined;
  const groups = done ? (await issueCounts(db, done.id)).issues : [];
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
