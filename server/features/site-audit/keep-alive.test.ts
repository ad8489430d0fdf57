import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { insertSiteAudit } from '#db/site-audits.ts';
import { SITE_AUDIT_LIMITS } from '#server/config/site-audit-defaults.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import { createTimeSlicer } from '#server/lib/crawler/time-slice.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import type { ServedFixture } from '#test/fixtures/crawl-site.ts';
import { servePlanted, storedAudit } from '#test/helpers/stored-audit.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { runAuditTry } from './run.ts';

/*
 * The crawl's fetcher keeps its connections alive (server/job-deps.ts, decision 0072): the audit it
 * stores is the one a fetcher with a connection per request stores, row for row.
 */

const slicer = createTimeSlicer();

describe.each(DIALECTS)('an audit over kept-alive connections on %s', (dialect) => {
  let db: Db;
  const closing: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const served of closing.splice(0)) await served.close();
    await closeTestDatabase(db);
  });

  async function audit(served: ServedFixture, id: string, keepAlive: boolean) {
    await insertSiteAudit(db, { id, visitor: id, url: `${served.origin}/`, createdAt: '2026-11-30T06:00:00Z' });
    const fetcher = createSafeFetcher({
      allowPrivate: [served.hostPort],
      userAgent: `${CRAWLER_BOT_NAME}/1.0 (+http://localhost)`,
      // One fixed instant: timings (ttfb) are 0 either way.
      clock: () => 0,
      keepAlive,
    });
    const outcome = await runAuditTry(
      {
        db,
        fetcher,
        // One request at a time: pages get their ids in the same order both ways.
        limits: { ...SITE_AUDIT_LIMITS, concurrency: 1 },
        keep: 100,
        writeBatch: 5,
        siteChecks: 'memory',
        slicer,
        now: () => new Date('2026-11-30T07:00:00Z'),
      },
      {
        id,
        input: { visitor: id, url: `${served.origin}/`, httpFallback: false, createdAt: '2026-11-30T06:00:00Z' },
        signal: new AbortController().signal,
        progress: () => undefined,
      },
    );
    fetcher.close?.();
    expect(outcome).toBe('done');
    return storedAudit(db, id);
  }

  test('the planted site: the same summary, report, issue rows, page rows and CSV, over fewer connections', async () => {
    db = await openTestDatabase(dialect);
    // Idle connections kept a minute (Keep-Alive: timeout=60), as a real site keeps them for seconds.
    const served = await servePlanted(closing, 60_000);
    const apart = await audit(served, 'apart', false);
    const connectionsApart = served.connections();
    const requestsApart = served.requests.length;
    const kept = await audit(served, 'kept', true);
    const connectionsKept = served.connections() - connectionsApart;
    expect(kept).toStrictEqual(apart);
    expect(connectionsApart).toBe(requestsApart);
    expect(connectionsKept).toBeLessThan(connectionsApart / 2);
    // Two audits of the planted site: a loaded machine takes longer than the default 20 s.
  }, 60_000);
});
