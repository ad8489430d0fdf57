import { describe, expect, test } from 'vitest';
import { DIALECTS, freshDatabases } from '#test/helpers/databases.ts';
import type { Db } from './index.ts';
import {
  auditIssues,
  auditPages,
  completeSiteAudit,
  countQueuedSiteAudits,
  finishSiteAudit,
  getSiteAudit,
  insertSiteAudit,
  issuesOnlyIn,
  listSiteAudits,
  markRunning,
  pruneSiteAudits,
  requeueSiteAudit,
  saveProgress,
  SAVE_BATCH_ROWS,
  type StoredIssue,
  type StoredPage,
} from './site-audits.ts';
import { previousInHistory } from './site-audit-history.ts';

async function runningAudit(db: Db, id: string, createdAt = '2026-11-26T00:00:00.000Z', visitor = 'v'): Promise<void> {
  await insertSiteAudit(db, { id, visitor, url: 'https://example.test/', createdAt });
  await markRunning(db, id, '2026-11-26T00:00:01.000Z');
}

const pages = (count: number): StoredPage[] =>
  Array.from({ length: count }, (_, n) => ({
    url: `https://example.test/p${n}`,
    facts: { status: 200 },
    issues: ['x'],
  }));
const issues = (count: number): StoredIssue[] =>
  Array.from({ length: count }, (_, n) => ({
    type: 'x',
    url: `https://example.test/p${n}`,
    severity: 'warning',
    detail: '',
  }));
const result = (pageCount: number, issueCount: number) => ({
  finishedAt: '2026-11-26T00:01:00.000Z',
  crawled: pageCount,
  discovered: pageCount,
  summary: { score: 90 },
  report: {},
  pages: pages(pageCount),
  issues: issues(issueCount),
  diff: async () => undefined,
});
const pageCount = async (db: Db, id: string) => (await auditPages(db, id, { offset: 0, limit: 1 })).total;

describe.each(DIALECTS)('%s', (dialect) => {
  const freshDb = freshDatabases(dialect);

  test('a finished audit is saved in batches with a turn of the event loop between them, and is done only once everything is written', async () => {
    const db = await freshDb();
    await runningAudit(db, 'a');
    const seen: Array<{ status: string | undefined; pages: number }> = [];
    const stored: Array<Promise<string | undefined>> = [];
    const saved = await completeSiteAudit(db, 'a', result(2 * SAVE_BATCH_ROWS + 1, SAVE_BATCH_ROWS + 1), {
      breathe: async () => {
        // What any other request would read between two batches.
        seen.push({ status: (await getSiteAudit(db, 'a'))?.status, pages: await pageCount(db, 'a') });
      },
      // Told once the audit is done, after every batch, before the crawl store's drop.
      onStored: () => stored.push(getSiteAudit(db, 'a').then((row) => `${row?.status} after ${seen.length} batches`)),
    });
    expect(saved).toBe(true);
    expect(await Promise.all(stored)).toEqual(['done after 5 batches']);
    expect(seen).toEqual([
      { status: 'running', pages: SAVE_BATCH_ROWS },
      { status: 'running', pages: 2 * SAVE_BATCH_ROWS },
      { status: 'running', pages: 2 * SAVE_BATCH_ROWS + 1 },
      { status: 'running', pages: 2 * SAVE_BATCH_ROWS + 1 },
      { status: 'running', pages: 2 * SAVE_BATCH_ROWS + 1 },
    ]);
    expect(await getSiteAudit(db, 'a')).toMatchObject({ status: 'done', summary: { score: 90 } });
    expect(await auditIssues(db, 'a')).toHaveLength(SAVE_BATCH_ROWS + 1);
  });

  test('an audit aborted while it is being saved keeps none of the rows and is not marked done', async () => {
    const db = await freshDb();
    await runningAudit(db, 'a');
    const controller = new AbortController();
    const saved = await completeSiteAudit(db, 'a', result(SAVE_BATCH_ROWS + 1, 1), {
      breathe: async () => controller.abort('cancel'),
      signal: controller.signal,
    });
    expect(saved).toBe(false);
    expect((await getSiteAudit(db, 'a'))?.status).toBe('running');
    expect([await pageCount(db, 'a'), (await auditIssues(db, 'a')).length]).toEqual([0, 0]);
  });

  test("a save cut short by a crash: the audit's next try starts clean, or its failure drops the rows; other audits keep theirs", async () => {
    const db = await freshDb();
    await runningAudit(db, 'retried');
    await runningAudit(db, 'failed');
    await runningAudit(db, 'kept');
    await completeSiteAudit(db, 'kept', result(3, 2));
    // The process dies after the first batch: that batch's statement committed, the last step never ran.
    for (const id of ['retried', 'failed']) {
      let firstBatchWritten!: () => void;
      const cut = new Promise<void>((resolve) => (firstBatchWritten = resolve));
      void completeSiteAudit(db, id, result(SAVE_BATCH_ROWS + 1, 0), {
        breathe: () => {
          firstBatchWritten();
          return new Promise<void>(() => undefined);
        },
      });
      await cut;
      expect(await pageCount(db, id)).toBe(SAVE_BATCH_ROWS);
    }
    expect(await markRunning(db, 'retried', '2026-11-26T00:02:00.000Z')).toBe(true);
    expect(await getSiteAudit(db, 'retried')).toMatchObject({ status: 'running', crawled: 0, discovered: 1 });
    expect(await pageCount(db, 'retried')).toBe(0);
    const failure = { status: 'failed', error: 'The server stopped while this job ran.', finishedAt: 'x' } as const;
    expect(await finishSiteAudit(db, 'failed', failure)).toBe(true);
    expect(await getSiteAudit(db, 'failed')).toMatchObject({ status: 'failed', error: failure.error });
    expect(await pageCount(db, 'failed')).toBe(0);
    expect([await pageCount(db, 'kept'), (await auditIssues(db, 'kept')).length]).toEqual([3, 2]);
  });

  test('a finished audit keeps its ending: no try starts it again, no later failure or cancel replaces it', async () => {
    const db = await freshDb();
    await runningAudit(db, 'done');
    await completeSiteAudit(db, 'done', result(2, 1));
    await insertSiteAudit(db, { id: 'cancelled', visitor: 'v', url: 'https://example.test/', createdAt: 'x' });
    const cancel = { status: 'cancelled', error: 'Cancelled.', finishedAt: 'x' } as const;
    expect(await finishSiteAudit(db, 'cancelled', cancel, ['queued'])).toBe(true);
    for (const id of ['done', 'cancelled', 'missing']) {
      expect(await markRunning(db, id, 'x')).toBe(false);
      expect(await finishSiteAudit(db, id, { ...cancel, status: 'failed', error: 'late' })).toBe(false);
    }
    expect(await getSiteAudit(db, 'done')).toMatchObject({ status: 'done', error: null });
    expect([await pageCount(db, 'done'), (await auditIssues(db, 'done')).length]).toEqual([2, 1]);
    expect(await getSiteAudit(db, 'cancelled')).toMatchObject({ status: 'cancelled', error: 'Cancelled.' });
  });

  test('queued audits are counted; a running one cut off by a stop goes back in line, a queued one is cancelled only while queued', async () => {
    const db = await freshDb();
    for (const id of ['a', 'b', 'c'])
      await insertSiteAudit(db, { id, visitor: 'v', url: 'https://e.test/', createdAt: 'x' });
    expect(await countQueuedSiteAudits(db)).toBe(3);
    await markRunning(db, 'a', 'x');
    await saveProgress(db, 'a', { crawled: 5, discovered: 9 });
    expect(await countQueuedSiteAudits(db)).toBe(2);
    const cancel = { status: 'cancelled', error: 'Cancelled.', finishedAt: 'x' } as const;
    expect(await finishSiteAudit(db, 'a', cancel, ['queued'])).toBe(false);
    await requeueSiteAudit(db, 'a');
    expect(await getSiteAudit(db, 'a')).toMatchObject({ status: 'queued', startedAt: null, crawled: 0 });
    expect(await finishSiteAudit(db, 'b', cancel, ['queued'])).toBe(true);
    expect(await countQueuedSiteAudits(db)).toBe(2);
  });

  test('lists and the previous audit are newest first, the id ordering audits of the same millisecond', async () => {
    const db = await freshDb();
    const at = (second: number) => `2026-11-26T00:00:0${second}.000Z`;
    await runningAudit(db, 'b', at(1));
    await runningAudit(db, 'a', at(1));
    await runningAudit(db, 'c', at(2));
    await runningAudit(db, 'other', at(3), 'w');
    expect((await listSiteAudits(db, 'v')).map((row) => row.id)).toEqual(['c', 'b', 'a']);
    expect((await listSiteAudits(db, 'v', 2)).map((row) => row.id)).toEqual(['c', 'b']);
    for (const id of ['a', 'b']) await completeSiteAudit(db, id, result(1, 0));
    const current = { id: 'c', visitor: 'v', url: 'https://example.test/', createdAt: at(2) };
    expect(await previousInHistory(db, current)).toBe('b');
    expect(await previousInHistory(db, { ...current, visitor: 'w' })).toBeUndefined();
  });

  test('issuesOnlyIn counts and lists the (type, url) pairs of one audit missing from the other, in order', async () => {
    const db = await freshDb();
    await runningAudit(db, 'new');
    await runningAudit(db, 'old');
    const issue = (type: string, url: string) => ({ type, url, severity: 'error', detail: '' });
    await completeSiteAudit(db, 'new', {
      ...result(0, 0),
      issues: [issue('b', 'https://e.test/2'), issue('a', 'https://e.test/9'), issue('b', 'https://e.test/1')],
    });
    await completeSiteAudit(db, 'old', { ...result(0, 0), issues: [issue('b', 'https://e.test/2')] });
    expect(await issuesOnlyIn(db, 'new', 'old', 2)).toEqual({
      total: 2,
      items: [
        { type: 'a', url: 'https://e.test/9' },
        { type: 'b', url: 'https://e.test/1' },
      ],
    });
    expect(await issuesOnlyIn(db, 'old', 'new', 10)).toEqual({ total: 0, items: [] });
  });

  test('pages filter by issue type and by a case-insensitive search, wildcards taken literally', async () => {
    const db = await freshDb();
    await runningAudit(db, 'a');
    const page = (url: string, types: string[]) => ({ url, facts: {}, issues: types });
    await completeSiteAudit(db, 'a', {
      ...result(0, 0),
      pages: [
        page('https://e.test/About', ['title-missing', 'thin-content']),
        page('https://e.test/50%_off', ['thin-content-x']),
        page('https://e.test/500-off', []),
      ],
    });
    const urls = async (options: { issue?: string; search?: string }) =>
      (await auditPages(db, 'a', { offset: 0, limit: 10, ...options })).pages.map((row) => row.url);
    expect(await urls({ issue: 'thin-content' })).toEqual(['https://e.test/About']);
    expect(await urls({ search: 'ABOUT' })).toEqual(['https://e.test/About']);
    expect(await urls({ search: '50%_' })).toEqual(['https://e.test/50%_off']);
    expect(await urls({ search: '0_o' })).toEqual([]);
    expect(await auditPages(db, 'a', { offset: 1, limit: 1 })).toEqual({
      total: 3,
      pages: [{ url: 'https://e.test/50%_off', facts: {}, issues: ['thin-content-x'] }],
    });
  });

  test('pages sort worst first by a lab vital, pages without it last, paged on the sorted order', async () => {
    const db = await freshDb();
    await runningAudit(db, 'a');
    const page = (url: string, facts: Record<string, unknown>) => ({ url: `https://e.test/${url}`, facts, issues: [] });
    await completeSiteAudit(db, 'a', {
      ...result(0, 0),
      pages: [
        page('raw', { status: 200 }),
        page('fast', { lcpMs: 900, cls: 0, tbtMs: 0 }),
        page('slow', { lcpMs: 4200, cls: 0.05, tbtMs: 120 }),
        page('shifty', { lcpMs: 1800, cls: 0.31, tbtMs: 0 }),
        page('blocked', { lcpMs: null, cls: 0, tbtMs: 710 }),
      ],
    });
    const order = async (sort: 'lcp' | 'cls' | 'tbt', offset = 0, limit = 10) =>
      (await auditPages(db, 'a', { offset, limit, sort })).pages.map((row) => row.url.slice('https://e.test/'.length));
    expect(await order('lcp')).toEqual(['slow', 'shifty', 'fast', 'raw', 'blocked']);
    expect(await order('cls')).toEqual(['shifty', 'slow', 'fast', 'blocked', 'raw']);
    expect(await order('tbt')).toEqual(['blocked', 'slow', 'fast', 'shifty', 'raw']);
    expect(await order('lcp', 2, 2)).toEqual(['fast', 'raw']);
  });

  test('pruning keeps the newest finished audits, never an unfinished one, and drops the rows of the rest', async () => {
    const db = await freshDb();
    for (const [n, id] of ['a', 'b', 'c', 'd'].entries()) await runningAudit(db, id, `2026-11-26T00:00:0${n}.000Z`);
    for (const id of ['a', 'b']) await completeSiteAudit(db, id, result(2, 1));
    await finishSiteAudit(db, 'c', {
      status: 'cancelled',
      error: 'Cancelled.',
      finishedAt: '2026-11-26T00:01:00.000Z',
    });
    expect(await pruneSiteAudits(db, 2)).toBe(1);
    expect((await listSiteAudits(db, 'v')).map((row) => row.id)).toEqual(['d', 'c', 'b']);
    expect([await pageCount(db, 'a'), (await auditIssues(db, 'a')).length]).toEqual([0, 0]);
    expect(await pruneSiteAudits(db, 2)).toBe(0);
    expect(await pruneSiteAudits(db, 0)).toBe(2);
    expect((await listSiteAudits(db, 'v')).map((row) => row.id)).toEqual(['d']);
  });
});
