import { expect, test } from 'vitest';
import { openDatabase, type Db } from './index.ts';
import {
  auditIssues,
  auditPages,
  completeSiteAudit,
  failUnfinished,
  getSiteAudit,
  insertSiteAudit,
  markRunning,
  SAVE_BATCH_ROWS,
  type StoredIssue,
  type StoredPage,
} from './site-audits.ts';

function runningAudit(db: Db, id: string): void {
  insertSiteAudit(db, { id, visitor: 'v', url: 'https://example.test/', createdAt: '2026-11-26T00:00:00.000Z' });
  markRunning(db, id, '2026-11-26T00:00:01.000Z');
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
  diff: () => undefined,
});

test('a finished audit is saved in batches with a turn of the event loop between them, and is done only once everything is written', async () => {
  const db = openDatabase(':memory:');
  runningAudit(db, 'a');
  const seen: Array<{ status: string | undefined; pages: number }> = [];
  const saved = await completeSiteAudit(db, 'a', result(2 * SAVE_BATCH_ROWS + 1, SAVE_BATCH_ROWS + 1), {
    breathe: async () => {
      // What any other request would read between two batches.
      seen.push({ status: getSiteAudit(db, 'a')?.status, pages: auditPages(db, 'a', { offset: 0, limit: 1 }).total });
    },
  });
  expect(saved).toBe(true);
  expect(seen).toEqual([
    { status: 'running', pages: SAVE_BATCH_ROWS },
    { status: 'running', pages: 2 * SAVE_BATCH_ROWS },
    { status: 'running', pages: 2 * SAVE_BATCH_ROWS + 1 },
    { status: 'running', pages: 2 * SAVE_BATCH_ROWS + 1 },
    { status: 'running', pages: 2 * SAVE_BATCH_ROWS + 1 },
  ]);
  expect(getSiteAudit(db, 'a')).toMatchObject({ status: 'done', summary: { score: 90 } });
  expect(auditIssues(db, 'a')).toHaveLength(SAVE_BATCH_ROWS + 1);
});

test('an audit aborted while it is being saved keeps none of the rows and is not marked done', async () => {
  const db = openDatabase(':memory:');
  runningAudit(db, 'a');
  const controller = new AbortController();
  const saved = await completeSiteAudit(db, 'a', result(SAVE_BATCH_ROWS + 1, 1), {
    breathe: async () => controller.abort('cancel'),
    signal: controller.signal,
  });
  expect(saved).toBe(false);
  expect(getSiteAudit(db, 'a')?.status).toBe('running');
  expect([auditPages(db, 'a', { offset: 0, limit: 1 }).total, auditIssues(db, 'a').length]).toEqual([0, 0]);
});

test('a save cut short by a crash is failed at the next start-up and its rows are dropped; other audits keep theirs', async () => {
  const db = openDatabase(':memory:');
  runningAudit(db, 'cut');
  runningAudit(db, 'kept');
  await completeSiteAudit(db, 'kept', result(3, 2));
  // The process dies after the first batch: the transaction per batch committed, the last step never ran.
  void completeSiteAudit(db, 'cut', result(SAVE_BATCH_ROWS + 1, 0), {
    breathe: () => new Promise<void>(() => undefined),
  });
  expect(auditPages(db, 'cut', { offset: 0, limit: 1 }).total).toBe(SAVE_BATCH_ROWS);
  expect(failUnfinished(db, 'running', 'restarted', '2026-11-26T00:02:00.000Z')).toBe(1);
  expect(getSiteAudit(db, 'cut')).toMatchObject({ status: 'failed', error: 'restarted' });
  expect(auditPages(db, 'cut', { offset: 0, limit: 1 }).total).toBe(0);
  expect([auditPages(db, 'kept', { offset: 0, limit: 10 }).total, auditIssues(db, 'kept').length]).toEqual([3, 2]);
});
