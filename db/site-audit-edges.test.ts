import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import {
  closeTestDatabase,
  DIALECTS,
  openTestDatabase,
  sqliteTempTables,
  withRivalConnection,
} from '#test/helpers/databases.ts';
import type { Db } from './index.ts';
import { EDGE_KIND, edgesFrom, SORT_MOVE_EDGES, sortEdgesByTarget, type StoredEdge } from './site-audit-edges.ts';
import { writeCrawlBatch } from './site-audit-records.ts';
import { runningShopAudit } from '#test/helpers/site-audit-rows.ts';

const link = (source: number, target: number): StoredEdge => ({ kind: EDGE_KIND.link, source, target });

/** The audit's edges as the analysis reads them by target, in that key's order. */
async function edgesByTarget(db: Db, auditId: string): Promise<StoredEdge[]> {
  const rows = await db
    .selectFrom('site_audit_edges')
    .select(['kind', 'source', 'target'])
    .where('audit_id', '=', auditId)
    .orderBy('kind')
    .orderBy('target')
    .orderBy('source')
    .execute();
  return rows.map(({ kind, source, target }) => ({ kind: kind as StoredEdge['kind'], source, target }));
}

const byTarget = (a: StoredEdge, b: StoredEdge) => a.kind - b.kind || a.target - b.target || a.source - b.source;

/** `count` edges of a crawl's pages, as its batches name them: sources in order, targets all over the site. */
function crawlEdges(count: number): StoredEdge[] {
  return Array.from({ length: count }, (_, n) => link(Math.floor(n / 5), (n * 7919) % 10_007));
}

async function writeEdges(db: Db, auditId: string, edges: readonly StoredEdge[]): Promise<void> {
  for (let from = 0; from < edges.length; from += 1000)
    await writeCrawlBatch(db, auditId, { urls: [], records: [], edges: edges.slice(from, from + 1000) });
}

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

  test('sorted by target once the crawl is over: every edge once, the audit’s only; sorted again, none doubled', async () => {
    db = await openTestDatabase(dialect);
    const id = await audit('a1');
    const other = await audit('a2');
    const edges = [link(0, 5), link(0, 1), link(1, 0), link(2, 1), { kind: EDGE_KIND.image, source: 0, target: 3 }];
    await writeCrawlBatch(db, id, { urls: [], records: [], edges: edges.slice(0, 3) });
    await writeCrawlBatch(db, id, { urls: [], records: [], edges: edges.slice(3) });
    await writeCrawlBatch(db, other, { urls: [], records: [], edges: [link(9, 8)] });
    expect(await edgesByTarget(db, id)).toEqual([]);
    await sortEdgesByTarget(db, id);
    expect(await edgesByTarget(db, id)).toEqual([...edges].sort(byTarget));
    expect(await edgesByTarget(db, other)).toEqual([]);
    // A try that sorts again (its process died after the sort) adds nothing.
    await sortEdgesByTarget(db, id);
    expect(await edgesByTarget(db, id)).toEqual([...edges].sort(byTarget));
    // By source they are still there.
    expect(await edgesFrom(db, id, EDGE_KIND.link, [0])).toEqual([link(0, 1), link(0, 5)]);
  });

  test('more than a move’s edges: all of them, a turn of the loop after each transaction; stopped, it writes no more', async () => {
    db = await openTestDatabase(dialect);
    const id = await audit('a1');
    const edges = crawlEdges(SORT_MOVE_EDGES * 2 + 37);
    await writeEdges(db, id, edges);
    let turns = 0;
    await sortEdgesByTarget(db, id, { breathe: async () => void (turns += 1), aborted: () => turns > 0 });
    // SQLite moves SORT_MOVE_EDGES a transaction; PostgreSQL sorts them in one statement.
    expect((await edgesByTarget(db, id)).length).toBe(dialect === 'sqlite' ? SORT_MOVE_EDGES : edges.length);
    turns = 0;
    await sortEdgesByTarget(db, id, { breathe: async () => void (turns += 1) });
    expect(turns).toBe(dialect === 'sqlite' ? 3 : 0);
    expect(await edgesByTarget(db, id)).toEqual([...edges].sort(byTarget));
    if (dialect === 'sqlite') expect(await sqliteTempTables(db)).toEqual([]);
  });
});

// Decision 0069: the sort itself needs no lock of the file, so the web thread's writes never wait on it.
test('on SQLite, sorting the edges needs no lock of the file; their move holds it a transaction at a time', () =>
  withRivalConnection(async (db, other) => {
    const id = await runningShopAudit(db, 'a1');
    const edges = crawlEdges(SORT_MOVE_EDGES + 1);
    await writeEdges(db, id, edges);
    // Another connection holds the write lock: the sort goes on (a write to the file would fail with SQLITE_BUSY),
    // and is stopped before its first move.
    await sql`BEGIN IMMEDIATE`.execute(other);
    await sortEdgesByTarget(db, id, { aborted: () => true });
    await sql`COMMIT`.execute(other);
    expect(await edgesByTarget(db, id)).toEqual([]);
    let between = 0;
    await sortEdgesByTarget(db, id, {
      breathe: async () => {
        between += 1;
        // Between two transactions of the move the lock is free.
        await sql`BEGIN IMMEDIATE`.execute(other);
        await sql`COMMIT`.execute(other);
      },
    });
    expect(between).toBe(2);
    expect(await edgesByTarget(db, id)).toEqual([...edges].sort(byTarget));
  }));
