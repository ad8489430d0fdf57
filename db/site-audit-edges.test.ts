import { afterEach, describe, expect, test } from 'vitest';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import type { Db } from './index.ts';
import { EDGE_KIND, edgesFrom, type StoredEdge } from './site-audit-edges.ts';
import { writeCrawlBatch } from './site-audit-records.ts';
import { completeSiteAudit, finishSiteAudit, insertSiteAudit, markRunning } from './site-audits.ts';

const link = (source: number, target: number): StoredEdge => ({ kind: EDGE_KIND.link, source, target });

describe.each(DIALECTS)('a running audit’s edges on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  async function audit(id: string): Promise<string> {
    await insertSiteAudit(db, {
      id,
      visitor: 'v',
      url: 'https://shop.example/',
      createdAt: '2026-11-29T06:00:00.000Z',
    });
    await markRunning(db, id, '2026-11-29T06:00:01.000Z');
    return id;
  }

  test('a batch stores its edges once, by kind; written again they are not doubled; a failed batch stores none', async () => {
    db = await openTestDatabase(dialect);
    const id = await audit('a1');
    const edges = [link(0, 1), link(0, 2), link(1, 0), { kind: EDGE_KIND.image, source: 0, target: 7 }];
    await writeCrawlBatch(db, id, { urls: [], records: [], edges });
    await writeCrawlBatch(db, id, { urls: [], records: [], edges: [link(0, 2), link(2, 0)] });
    expect(await edgesFrom(db, id, EDGE_KIND.link, [0, 1, 2])).toEqual([
      link(0, 1),
      link(0, 2),
      link(1, 0),
      link(2, 0),
    ]);
    expect(await edgesFrom(db, id, EDGE_KIND.image, [0])).toEqual([{ kind: EDGE_KIND.image, source: 0, target: 7 }]);
    await expect(
      writeCrawlBatch(db, id, { urls: [], records: [], edges: [link(5, 6), link(5, null as unknown as number)] }),
    ).rejects.toThrow();
    expect(await edgesFrom(db, id, EDGE_KIND.link, [5])).toEqual([]);
  });

  test('a try that starts over, an audit that fails and an audit saved as done drop their edges, and only theirs', async () => {
    db = await openTestDatabase(dialect);
    const ids = ['again', 'failed', 'done', 'other'];
    for (const auditId of ids)
      await writeCrawlBatch(db, await audit(auditId), { urls: [], records: [], edges: [link(0, 1)] });
    await markRunning(db, 'again', '2026-11-29T06:05:00.000Z');
    await finishSiteAudit(db, 'failed', { status: 'failed', error: 'x', finishedAt: '2026-11-29T07:00:00.000Z' });
    await completeSiteAudit(db, 'done', {
      finishedAt: '2026-11-29T07:00:00.000Z',
      crawled: 1,
      discovered: 1,
      summary: {},
      report: {},
      pages: [],
      issues: [],
      diff: async () => undefined,
    });
    const stored = await Promise.all(
      ids.map(async (auditId) => (await edgesFrom(db, auditId, EDGE_KIND.link, [0])).length),
    );
    expect(stored).toEqual([0, 0, 0, 1]);
  });
});
