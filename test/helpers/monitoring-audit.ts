import { randomUUID } from 'node:crypto';
import type { Db } from '#db/index.ts';
import { completeSiteAudit, finishSiteAudit, insertSiteAudit, markRunning } from '#db/site-audits.ts';
import { runSiteAudit } from '#server/features/site-audit/audit.ts';
import { pageRows, reportFacts } from '#server/features/site-audit/report.ts';
import { CRAWLER_BOT_NAME, isCrawlStartError } from '#server/lib/crawler/index.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import type { ServedFixture } from '#test/fixtures/crawl-site.ts';
import type { MonitoringSite } from '#test/fixtures/monitoring-site.ts';
import { insertMonitor } from '#db/monitoring/monitors.ts';
import { finishRun, insertRun } from '#db/monitoring/runs.ts';

/**
 * Audits a served fixture through the real guarded fetcher and stores the audit as the audit job
 * does (pages, issues, summary and report; a start failure as a failed audit with its message).
 * Response times read as zero (the fetcher's clock is held), so the score depends on the site only.
 * Answers the audit's id; `at` is its creation time, so successive audits keep their order.
 */
export async function storeAuditOf(
  db: Db,
  site: Pick<ServedFixture, 'origin' | 'hostPort'>,
  at: string,
  visitor = 'monitor-test',
): Promise<string> {
  const id = randomUUID();
  const url = `${site.origin}/`;
  await insertSiteAudit(db, { id, visitor, url, createdAt: at });
  await markRunning(db, id, at);
  const fetcher = createSafeFetcher({
    allowPrivate: [site.hostPort],
    userAgent: `${CRAWLER_BOT_NAME}/1.0 (+http://localhost)`,
    // Every answer takes no time: a busy test machine never makes a page "slow" (a warning that
    // would move the score).
    clock: () => 0,
  });
  try {
    const outcome = await runSiteAudit({ startUrl: url, fetcher });
    await completeSiteAudit(db, id, {
      finishedAt: at,
      crawled: outcome.summary.pages,
      discovered: outcome.nodes.length,
      summary: outcome.summary,
      report: reportFacts(outcome),
      pages: pageRows(outcome),
      issues: outcome.issues.map((issue) => ({
        type: issue.type,
        url: issue.url,
        severity: issue.severity,
        detail: issue.detail,
        ...(issue.links?.length ? { links: issue.links } : {}),
      })),
      diff: () => Promise.resolve(undefined),
    });
  } catch (error) {
    if (!isCrawlStartError(error)) throw error;
    await finishSiteAudit(db, id, { status: 'failed', error: error.message, finishedAt: at });
  }
  return id;
}

/** A client monitor of a monitoring fixture site with checks stored as runs: `checks` are [ISO time, fixture version]. */
export async function storeClientSite(
  db: Db,
  site: MonitoringSite,
  id: string,
  checks: Array<[string, MonitoringSite['version']]>,
  status: 'active' | 'paused' = 'active',
): Promise<void> {
  await insertMonitor(db, {
    id,
    kind: 'client',
    url: `${site.origin}/`,
    origin: site.origin,
    email: 'owner@client.in',
    recipients: ['owner@client.in', 'seo@client.in'],
    schedule: 'weekly',
    webhookUrl: null,
    status,
    emailConfirmedAt: '2026-10-01T00:00:00.000Z',
    verificationToken: 'token',
    scoreDrop: 5,
    digest: false,
    createdAt: '2026-10-01T00:00:00.000Z',
    ipHash: null,
  });
  for (const [at, version] of checks) {
    site.version = version;
    const auditId = await storeAuditOf(db, site, at);
    const runId = `${id}-${at}`;
    await insertRun(db, { id: runId, monitorId: id, slot: at, trigger: 'schedule', auditId, createdAt: at });
    const audit = await db
      .selectFrom('site_audits')
      .select(['status', 'summary'])
      .where('id', '=', auditId)
      .executeTakeFirstOrThrow();
    await finishRun(db, runId, {
      status: audit.status === 'done' ? 'done' : 'failed',
      score: audit.summary ? (JSON.parse(audit.summary) as { score: number }).score : null,
      regressions: [],
      fixed: [],
      finishedAt: at,
    });
  }
}
