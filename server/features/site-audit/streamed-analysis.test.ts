import { PrimitiveValueListNode, ValuesNode, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import type { DatabaseAddress, Db } from '#db/index.ts';
import { insertSiteAudit, SAVE_BATCH_ROWS } from '#db/site-audits.ts';
import { SITE_AUDIT_LIMITS, type SiteChecks } from '#server/config/site-audit-defaults.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import { createTimeSlicer } from '#server/lib/crawler/time-slice.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { auditPage, html } from '#test/fixtures/audit-pages.ts';
import { serveFixture, type ServedFixture } from '#test/fixtures/crawl-site.ts';
import { servePlanted, sized, storedAudit } from '#test/helpers/stored-audit.ts';
import { indexingContentSite } from '#test/fixtures/site-audit-indexing-content-site.ts';
import { plantedExpectation } from '#test/fixtures/site-audit-site.ts';
import { closeTestDatabase, DIALECTS, openAddressedTestDatabase, openTestDatabase } from '#test/helpers/databases.ts';
import { ISSUE_TYPES } from '#views/model/site-audit.ts';
import { RULES } from './rules/index.ts';
import { runAuditTry } from './run.ts';
import { STORE_CHECKS } from './store-analysis/index.ts';

/*
 * The job's analysis over the crawl store (SITE_AUDIT_SITE_CHECKS=store, decision 0065) stores the
 * same audit as the in-memory analysis: summary, report facts, every issue row, every page row, the CSV.
 */

const slicer = createTimeSlicer();

/** One fixed instant for every request: timings (ttfb) are 0 whichever way the audit runs. */
const still = () => 0;

/** What the job did to the report's tables and the crawl store's records, in order: how it wrote its rows. */
function statements() {
  const log: Array<{ op: 'insert' | 'read'; table: string; rows: number; onConflict: boolean; keys?: string[] }> = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node }): RootOperationNode {
      if (node.kind === 'InsertQueryNode') {
        const rows = node.values && ValuesNode.is(node.values) ? node.values.values : [];
        const table = node.into!.table.identifier.name;
        // An issue row's key past the audit (type, URL: its columns 1 and 2), as the statement lists them.
        const keys =
          table === 'site_audit_issues'
            ? rows.map((row) => {
                const values = PrimitiveValueListNode.is(row) ? row.values : [];
                return `${String(values[1])} ${String(values[2])}`;
              })
            : undefined;
        log.push({ op: 'insert', table, rows: rows.length, onConflict: !!node.onConflict, keys });
      } else if (node.kind === 'SelectQueryNode' && JSON.stringify(node).includes('"site_audit_records"'))
        log.push({ op: 'read', table: 'site_audit_records', rows: 0, onConflict: false });
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { plugin, log };
}

test('every site rule has its check from the store: the analysis from the store keeps no node to run one over', () => {
  const siteRules = ISSUE_TYPES.filter((type) => RULES[type.type]?.kind === 'site').map((type) => type.type);
  expect(siteRules.length).toBeGreaterThan(10);
  expect(siteRules.filter((type) => !(type in STORE_CHECKS))).toEqual([]);
});

describe.each(DIALECTS)('the job’s analysis from the crawl store on %s', (dialect) => {
  let db: Db;
  const closing: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const served of closing.splice(0)) await served.close();
    await closeTestDatabase(db);
  });

  /** One try of the job for a new audit of `served` (its own visitor: no diff against the other mode's audit). */
  async function runJob(
    served: ServedFixture,
    id: string,
    siteChecks: SiteChecks,
    analysisBatch?: number,
    plugin?: KyselyPlugin,
    database?: DatabaseAddress,
  ) {
    await insertSiteAudit(db, { id, visitor: id, url: `${served.origin}/`, createdAt: '2026-11-29T06:00:00Z' });
    const outcome = await runAuditTry(
      {
        db: plugin ? db.withPlugin(plugin) : db,
        fetcher: createSafeFetcher({
          allowPrivate: [served.hostPort],
          userAgent: `${CRAWLER_BOT_NAME}/1.0 (+http://localhost)`,
          clock: still,
        }),
        // One request at a time: ids (and so the pages' order) are given in the same order both ways.
        limits: { ...SITE_AUDIT_LIMITS, concurrency: 1 },
        keep: 100,
        writeBatch: 5,
        siteChecks,
        analysisBatch,
        checksThread: database && { database },
        slicer,
        now: () => new Date('2026-11-29T07:00:00Z'),
      },
      {
        id,
        input: { visitor: id, url: `${served.origin}/`, httpFallback: false, createdAt: '2026-11-29T06:00:00Z' },
        signal: new AbortController().signal,
        progress: () => undefined,
      },
    );
    expect(outcome).toBe('done');
    return storedAudit(db, id);
  }

  const servedPlanted = () => servePlanted(closing);

  test('the planted site: the same summary, report, issue rows, page rows and CSV either way', async () => {
    db = await openTestDatabase(dialect);
    const served = await servedPlanted();
    const memoryWrites = statements();
    const memory = await runJob(served, 'memory', 'memory', undefined, memoryWrites.plugin);
    const storeWrites = statements();
    const stored = await runJob(served, 'stored', 'store', 5, storeWrites.plugin);
    expect(stored).toStrictEqual(memory);
    // In memory, the rows are saved at the end through Kysely's builder. From the store, the page rows and (on
    // SQLite) the findings go as SQL text (db/row-insert.ts; the stage's move, db/site-audit-issue-stage.ts,
    // whose own tests hold its key order and the first finding kept), which a plugin does not see. On PostgreSQL
    // each finding is written as the batches are read (a statement of findings comes before the last batch's
    // records are read), SAVE_BATCH_ROWS at most a statement, each statement leaving rows already there as they
    // are (a try again).
    const report = (log: typeof storeWrites.log) =>
      log.filter((entry) => ['site_audit_issues', 'site_audit_pages'].includes(entry.table));
    expect(report(memoryWrites.log).some((entry) => entry.onConflict)).toBe(false);
    expect(report(memoryWrites.log).some((entry) => entry.table === 'site_audit_issues')).toBe(true);
    const issueStatements = storeWrites.log.filter((entry) => entry.table === 'site_audit_issues');
    if (dialect === 'sqlite') expect(report(storeWrites.log)).toEqual([]);
    else {
      expect(report(storeWrites.log).every((entry) => entry.onConflict && entry.rows <= SAVE_BATCH_ROWS)).toBe(true);
      // Each statement's findings in the table's key order (type, then URL), not the batch's order of URL ids.
      expect(issueStatements.some((entry) => entry.rows > 1)).toBe(true);
      for (const { keys } of issueStatements) expect(keys).toEqual([...keys!].sort());
      const firstIssues = storeWrites.log.findIndex((entry) => entry.table === 'site_audit_issues');
      expect(firstIssues).toBeGreaterThan(0);
      expect(storeWrites.log.slice(firstIssues).some((entry) => entry.table === 'site_audit_records')).toBe(true);
    }
    // The comparison has something to compare: the planted findings, pages and resources are there.
    const paths = (type: string) =>
      memory.issues.filter((issue) => issue.type === type).map((issue) => new URL(issue.url).pathname);
    for (const type of ['orphan', 'title-duplicate', 'links-broken', 'deep-page'])
      expect(paths(type), type).toEqual(plantedExpectation[type]);
    expect(memory.issues.some((issue) => issue.links?.length)).toBe(true);
    expect(memory.pages.total).toBeGreaterThan(50);
    expect(memory.resources.total).toBeGreaterThan(0);
    expect(memory.store).toBe(0);
  });

  test('read 3 URLs at a time, on the planted site and the indexing and content site, the same again', async () => {
    db = await openTestDatabase(dialect);
    const planted = await servedPlanted();
    expect(await runJob(planted, 'small', 'store', 3)).toStrictEqual(await runJob(planted, 'whole', 'memory'));
    const indexing = await serveFixture(sized(indexingContentSite));
    closing.push(indexing);
    expect(await runJob(indexing, 'indexing-small', 'store', 3)).toStrictEqual(
      await runJob(indexing, 'indexing-whole', 'memory'),
    );
  });

  // Decision 0074: the store's cross-page checks run on a thread with its own connection, beside the batches.
  test('the store checks on a thread of their own: the same audit, on the planted site and the indexing site', async () => {
    const addressed = await openAddressedTestDatabase(dialect);
    db = addressed.db;
    const planted = await servedPlanted();
    const threaded = await runJob(planted, 'threaded', 'store', 3, undefined, addressed.address);
    expect(threaded).toStrictEqual(await runJob(planted, 'after', 'store', 3));
    // What the thread wrote is there: the planted orphans and duplicates are store checks.
    for (const type of ['orphan', 'title-duplicate'])
      expect(
        threaded.issues.filter((issue) => issue.type === type).map((issue) => new URL(issue.url).pathname),
        type,
      ).toEqual(plantedExpectation[type]);
    const indexing = await serveFixture(sized(indexingContentSite));
    closing.push(indexing);
    expect(await runJob(indexing, 'indexing-threaded', 'store', 3, undefined, addressed.address)).toStrictEqual(
      await runJob(indexing, 'indexing-after', 'store', 3),
    );
  });

  // On PostgreSQL a check reads through a cursor that holds a connection while its findings are written: the
  // thread needs a second one (with one, the first statement of findings waited for ever).
  test('on the thread, a check with more findings than a statement holds writes them while its read is open', async () => {
    const addressed = await openAddressedTestDatabase(dialect);
    db = addressed.db;
    const paths = Array.from({ length: SAVE_BATCH_ROWS + 20 }, (_, n) => `/p${n + 1}`);
    const served = await serveFixture((path) =>
      path === '/' || paths.includes(path)
        ? html(auditPage(path, { links: path === '/' ? paths : ['/'], title: 'One title for all' }))
        : undefined,
    );
    closing.push(served);
    const threaded = await runJob(served, 'many-threaded', 'store', undefined, undefined, addressed.address);
    expect(threaded.issues.filter((issue) => issue.type === 'title-duplicate')).toHaveLength(paths.length + 1);
    expect(threaded).toStrictEqual(await runJob(served, 'many-after', 'store'));
  });
});
