import { afterEach, describe, expect, test } from 'vitest';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import type { Db } from './index.ts';
import { EDGE_KIND, edgesFrom, type StoredEdge } from './site-audit-edges.ts';
import { writeCrawlBatch } from './site-audit-records.ts';
import { runningShopAudit } from '#test/helpers/site-audit-rows.ts';

const link = (source: number, target: number): StoredEdge => ({ kind: EDGE_KIND.link, source, target });

describe.each(DIALECTS)('a running audit’s edges on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  const audit = (id: string) => runningShopAudit(db, id);

  // Dropped with the rest of the crawl store: db/site-audit-crawl-store.test.ts.
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
});
