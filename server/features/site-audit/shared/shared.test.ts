import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { claimReads } from '#db/site-audit-reads.ts';
import { insertSiteAudit } from '#db/site-audits.ts';
import { SITE_AUDIT_LIMITS } from '#server/config/site-audit-defaults.ts';
import { CRAWLER_BOT_NAME, pageFetchOptions } from '#server/lib/crawler/index.ts';
import { createTimeSlicer } from '#server/lib/crawler/time-slice.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import type { ServedFixture } from '#test/fixtures/crawl-site.ts';
import { plantedExpectation } from '#test/fixtures/site-audit-site.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { servePlanted, storedAudit } from '#test/helpers/stored-audit.ts';
import { runAuditTry, type SharedAudits } from '../run.ts';
import { partOwner, type PartInput } from './part-job.ts';
import { runReadPart } from './part.ts';

/*
 * A shared audit (decision 0071) in one process: the audit's job hands its pages to parts (here run beside it
 * instead of on other workers, through the same rows), and stores exactly what an audit reading its own pages
 * stores; a part that dies holding pages loses none of them.
 */

const slicer = createTimeSlicer();
// One request at a time: ids (and so the pages' order) are given in the same order either way.
const limits = { ...SITE_AUDIT_LIMITS, concurrency: 1 };

describe.each(DIALECTS)('a shared audit on %s', (dialect) => {
  let db: Db;
  const closing: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const served of closing.splice(0)) await served.close();
    await closeTestDatabase(db);
  });

  const servedPlanted = () => servePlanted(closing);

  const fetcherFor = (served: ServedFixture) =>
    createSafeFetcher({
      allowPrivate: [served.hostPort],
      userAgent: `${CRAWLER_BOT_NAME}/1.0 (+http://localhost)`,
      // One instant for every request: timings (ttfb) are 0 whichever way the audit runs.
      clock: () => 0,
    });

  /** A part as a worker runs it, here beside the audit's job: its promise answers the pages it read. */
  function partHere(served: ServedFixture, input: PartInput, leaseMs: number): Promise<number> {
    const signal = new AbortController().signal;
    return runReadPart({
      db,
      auditId: input.auditId,
      attempt: input.attempt,
      owner: partOwner(input.part),
      fetcher: fetcherFor(served),
      slots: 1,
      leaseMs,
      pollMs: 1,
      fetchOptions: pageFetchOptions(limits, signal),
      breathe: () => slicer.breathe(),
      signal,
    });
  }

  /** One try of the audit's job for a new audit of `served`; `shared` hands its pages to parts. */
  async function runJob(served: ServedFixture, id: string, shared?: SharedAudits) {
    await insertSiteAudit(db, { id, visitor: id, url: `${served.origin}/`, createdAt: '2026-11-30T01:00:00Z' });
    const logged: Array<{ obj: object; msg?: string }> = [];
    const outcome = await runAuditTry(
      {
        db,
        fetcher: fetcherFor(served),
        limits,
        keep: 100,
        writeBatch: 5,
        siteChecks: 'store',
        analysisBatch: 7,
        slicer,
        now: () => new Date('2026-11-30T02:00:00Z'),
        log: { info: (obj, msg) => logged.push({ obj, msg }), warn: (obj, msg) => logged.push({ obj, msg }) },
        shared,
      },
      {
        id,
        input: { visitor: id, url: `${served.origin}/`, httpFallback: false, createdAt: '2026-11-30T01:00:00Z' },
        signal: new AbortController().signal,
        progress: () => undefined,
        attempt: 1,
      },
    );
    expect(outcome).toBe('done');
    const done = logged.find((entry) => entry.msg === 'site audit done')?.obj as {
      readers?: Record<string, number>;
      analysis?: Record<string, number>;
    };
    return { stored: await storedAudit(db, id), readers: done.readers, analysis: done.analysis };
  }

  test('two parts read the planted site’s pages, and the audit stores what an audit reading its own pages stores', async () => {
    db = await openTestDatabase(dialect);
    const served = await servedPlanted();
    const parts: Array<Promise<number>> = [];
    const shared = await runJob(served, 'shared', {
      workers: 2,
      depth: 1,
      leaseMs: 60_000,
      startPart: async (input) => parts.push(partHere(served, input, 60_000)),
    });
    const read = await Promise.all(parts);
    const alone = await runJob(served, 'alone');
    expect(shared.stored).toStrictEqual(alone.stored);
    expect(alone.readers).toBeUndefined();
    // The done line tells how long each step of the analysis took, in the order they ran (steps.ts).
    for (const run of [shared, alone]) {
      expect(Object.keys(run.analysis ?? {})).toEqual([
        'graph',
        'batches',
        'issues',
        'checks',
        'summary',
        'pages',
        'report',
      ]);
      expect(Object.values(run.analysis ?? {}).every((ms) => Number.isInteger(ms) && ms >= 0)).toBe(true);
    }
    // Every page but the start URL was read by a part, each part read some, and the counts agree.
    expect(read.every((count) => count > 0)).toBe(true);
    expect(shared.readers).toEqual({ 'part-1': read[0], 'part-2': read[1] });
    expect(read[0] + read[1]).toBe(shared.stored.crawled - 1);
    // The comparison has something to compare: the planted findings are there.
    const paths = (type: string) =>
      shared.stored.issues.filter((issue) => issue.type === type).map((issue) => new URL(issue.url).pathname);
    for (const type of ['orphan', 'title-duplicate', 'links-broken', 'deep-page'])
      expect(paths(type), type).toEqual(plantedExpectation[type]);
    expect(await db.selectFrom('site_audit_reads').selectAll().execute()).toEqual([]);
  });

  test('a part that dies holding pages loses none: once its lease runs out they are read by another', async () => {
    db = await openTestDatabase(dialect);
    const served = await servedPlanted();
    const parts: Array<Promise<number>> = [];
    const held: number[] = [];
    const shared = await runJob(served, 'shared', {
      workers: 2,
      depth: 1,
      leaseMs: 50,
      async startPart(input) {
        if (input.part === 1) return parts.push(partHere(served, input, 50));
        // Part 2 claims the first page it finds and dies with it (a worker killed mid-read).
        const dying = async () => {
          for (;;) {
            const rows = await claimReads(db, input.auditId, {
              owner: 'part-2',
              now: Date.now(),
              leaseMs: 50,
              limit: 1,
            });
            if (rows.length > 0) return held.push(rows[0].id);
            await new Promise((resolve) => setImmediate(resolve));
          }
        };
        parts.push(dying());
      },
    });
    await Promise.all(parts);
    expect(held).toHaveLength(1);
    const alone = await runJob(served, 'alone');
    expect(shared.stored).toStrictEqual(alone.stored);
    expect(shared.readers?.['part-2']).toBeUndefined();
    expect(shared.readers?.['part-1']).toBeGreaterThan(0);
  });
});
