import { afterEach, describe, expect, test } from 'vitest';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import type { Db } from './index.ts';
import { DROP_CHUNK_ROWS, dropLeftovers } from './site-audit-drop.ts';
import { EDGE_KIND } from './site-audit-edges.ts';
import { EMPTY_AUDIT_RESULT, runningShopAudit } from '#test/helpers/site-audit-rows.ts';
import { completeSiteAudit, finishSiteAudit, pruneSiteAudits } from './site-audits.ts';

const EDGES = 2 * DROP_CHUNK_ROWS + 345;

/** The rows an audit keeps in each table this test fills. */
async function counts(db: Db, auditId: string) {
  const count = async (table: 'site_audit_edges' | 'site_audit_crawls' | 'site_audit_issues') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('audit_id', '=', auditId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    edges: await count('site_audit_edges'),
    crawls: await count('site_audit_crawls'),
    issues: await count('site_audit_issues'),
  };
}

describe.each(DIALECTS)('an audit’s rows dropped a piece at a time on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  /** A running audit with a crawl store of EDGES edges and its crawl facts, and one issue row. */
  async function bigAudit(id: string) {
    await runningShopAudit(db, id);
    await db.insertInto('site_audit_crawls').values({ audit_id: id, facts: '{}' }).execute();
    for (let from = 0; from < EDGES; from += 500)
      await db
        .insertInto('site_audit_edges')
        .values(
          Array.from({ length: Math.min(500, EDGES - from) }, (_, index) => ({
            audit_id: id,
            kind: EDGE_KIND.link,
            source: 0,
            target: from + index,
          })),
        )
        .execute();
    await db
      .insertInto('site_audit_issues')
      .values({ audit_id: id, type: 'orphan', url: 'https://shop.example/x', severity: 'notice', detail: '' })
      .execute();
  }

  /** The rows each DELETE statement removed, in order, while `work` runs. */
  async function deletesDuring(work: (db: Db) => Promise<unknown>): Promise<number[]> {
    const removed: number[] = [];
    const watched = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        const affected = Number(args.result.numAffectedRows ?? 0);
        if (affected > 0) removed.push(affected);
        return args.result;
      },
    });
    await work(watched);
    return removed;
  }

  test('an audit that fails drops its store and its pages and issues; on SQLite no statement deletes more than a piece', async () => {
    db = await openTestDatabase(dialect);
    await bigAudit('big');
    await bigAudit('other');
    const removed = await deletesDuring((watched) =>
      finishSiteAudit(watched, 'big', { status: 'failed', error: 'x', finishedAt: '2026-11-29T07:00:00.000Z' }),
    );
    expect(await counts(db, 'big')).toEqual({ edges: 0, crawls: 0, issues: 0 });
    expect(await counts(db, 'other')).toEqual({ edges: EDGES, crawls: 1, issues: 1 });
    // The status update (1), then the issue, the edges, the crawl facts.
    if (dialect === 'sqlite') expect(removed).toEqual([1, 1, DROP_CHUNK_ROWS, DROP_CHUNK_ROWS, 345, 1]);
    else expect(removed).toEqual([1, 1, EDGES, 1]);
  });

  test('drops a process did not finish are finished: the store of an ended audit goes, a running one keeps its own', async () => {
    db = await openTestDatabase(dialect);
    await bigAudit('done');
    await bigAudit('failed');
    await bigAudit('running');
    // Ended, as a process that died before dropping would leave them: the status written, the rows not.
    await db.updateTable('site_audits').set({ status: 'done' }).where('id', '=', 'done').execute();
    await db.updateTable('site_audits').set({ status: 'failed' }).where('id', '=', 'failed').execute();
    expect(await dropLeftovers(db)).toBe(2);
    // A done audit keeps its report; a failed one keeps nothing; the running one keeps everything.
    expect(await counts(db, 'done')).toEqual({ edges: 0, crawls: 0, issues: 1 });
    expect(await counts(db, 'failed')).toEqual({ edges: 0, crawls: 0, issues: 0 });
    expect(await counts(db, 'running')).toEqual({ edges: EDGES, crawls: 1, issues: 1 });
    expect(await dropLeftovers(db)).toBe(0);
  });

  test('an audit saved as done, then pruned: its store and then its report go, a piece at a time', async () => {
    db = await openTestDatabase(dialect);
    await bigAudit('done');
    const saved = await completeSiteAudit(db, 'done', EMPTY_AUDIT_RESULT);
    expect(saved).toBe(true);
    expect(await counts(db, 'done')).toEqual({ edges: 0, crawls: 0, issues: 1 });
    expect(await pruneSiteAudits(db, 0)).toBe(1);
    expect(await counts(db, 'done')).toEqual({ edges: 0, crawls: 0, issues: 0 });
    expect(await db.selectFrom('site_audits').select('id').execute()).toEqual([]);
  });
});
