import type { Db } from '#db/index.ts';
import { insertSiteAudit, markRunning } from '#db/site-audits.ts';

/** An audit of shop.example inserted and marked running, as a try that starts it leaves it. */
export async function runningShopAudit(db: Db, id: string): Promise<string> {
  await insertSiteAudit(db, { id, visitor: 'v', url: 'https://shop.example/', createdAt: '2026-11-29T06:00:00.000Z' });
  await markRunning(db, id, '2026-11-29T06:00:01.000Z');
  return id;
}

/** What a try saves of an audit that found nothing (completeSiteAudit's result). */
export const EMPTY_AUDIT_RESULT = {
  finishedAt: '2026-11-29T07:00:00.000Z',
  crawled: 1,
  discovered: 1,
  summary: {},
  report: {},
  pages: [],
  issues: [],
  diff: async () => undefined,
};
