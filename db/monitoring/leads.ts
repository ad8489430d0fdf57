import type { Db } from '../index.ts';

export interface NewMonitorLead {
  monitorId: string;
  email: string;
  site: string;
  schedule: string;
  score: number | null;
  topIssues: string;
  reportUrl: string | null;
  ipHash: string | null;
  createdAt: string;
}

export interface MonitorLead extends NewMonitorLead {
  id: number;
  handledAt: string | null;
}

export async function insertMonitorLead(db: Db, lead: NewMonitorLead): Promise<number> {
  const row = await db
    .insertInto('monitor_leads')
    .values({
      monitor_id: lead.monitorId,
      email: lead.email,
      site: lead.site,
      schedule: lead.schedule,
      score: lead.score,
      top_issues: lead.topIssues,
      report_url: lead.reportUrl,
      ip_hash: lead.ipHash,
      created_at: lead.createdAt,
      handled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function getMonitorLead(db: Db, id: number): Promise<MonitorLead | undefined> {
  const row = await db.selectFrom('monitor_leads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    monitorId: row.monitor_id,
    email: row.email,
    site: row.site,
    schedule: row.schedule,
    score: row.score === null ? null : Number(row.score),
    topIssues: row.top_issues,
    reportUrl: row.report_url,
    ipHash: row.ip_hash,
    createdAt: row.created_at,
    handledAt: row.handled_at,
  };
}
