import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import {
  closeTestDatabase,
  DIALECTS,
  openTestDatabase,
  sqliteTempTables,
  withRivalConnection,
} from '#test/helpers/databases.ts';
import { queuedUrl } from '#test/helpers/stored-urls.ts';
import type { Db } from './index.ts';
import { openIssueStage } from './site-audit-issue-stage.ts';
import { issueTypesOf, openIssueTypes, storedIssueTypes } from './site-audit-streamed.ts';
import { saveUrls } from './site-audit-urls.ts';
import { insertSiteAudit } from './site-audits.ts';

const ORIGIN = 'https://shop.example';
const finding = (type: string, url: string) => ({ type, url, severity: 'warning' as const, detail: '' });

/** Audit `id` with URLs /p0 … /p{count - 1} (ids in order) and these findings. */
async function auditWith(db: Db, id: string, count: number, found: ReturnType<typeof finding>[]): Promise<void> {
  await insertSiteAudit(db, { id, visitor: 'v', url: `${ORIGIN}/`, createdAt: '2026-11-30T01:00:00.000Z' });
  await saveUrls(
    db,
    id,
    Array.from({ length: count }, (_, n) => queuedUrl(ORIGIN, n, `/p${n}`)),
  );
  const stage = await openIssueStage(db, id);
  await stage.add(found);
  await stage.finish();
}

const listed = (...ids: number[]) => ids.map((id) => ({ id, url: `${ORIGIN}/p${id}` }));
const sorted = (byUrl: Map<string, string[]>) => [...byUrl].map(([url, types]) => [url, [...types].sort()]).sort();

describe.each(DIALECTS)('a streamed audit’s findings on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  test('the types an audit found, each once, and the types of each URL probed with only those', async () => {
    db = await openTestDatabase(dialect);
    for (const id of ['a1', 'a2'])
      await insertSiteAudit(db, {
        id,
        visitor: 'v',
        url: 'https://shop.example/',
        createdAt: '2026-11-30T01:00:00.000Z',
      });
    expect(await storedIssueTypes(db, 'a1')).toEqual([]);
    const stage = await openIssueStage(db, 'a1');
    await stage.add([
      finding('title-missing', 'https://shop.example/a'),
      finding('title-missing', 'https://shop.example/b'),
      finding('h1-missing', 'https://shop.example/b'),
      // A second finding of one (type, URL) is left out: the first stays.
      finding('h1-missing', 'https://shop.example/b'),
    ]);
    await stage.finish();
    const other = await openIssueStage(db, 'a2');
    await other.add([finding('description-missing', 'https://shop.example/a')]);
    await other.finish();
    const types = await storedIssueTypes(db, 'a1');
    expect(types.sort()).toEqual(['h1-missing', 'title-missing']);
    const found = await issueTypesOf(db, 'a1', types, ['https://shop.example/a', 'https://shop.example/b']);
    expect(found.map(({ type, url }) => `${type} ${url}`).sort()).toEqual([
      'h1-missing https://shop.example/b',
      'title-missing https://shop.example/a',
      'title-missing https://shop.example/b',
    ]);
  });

  test('the pages list’s issue types by URL id, a batch at a time: the audit’s own, only the URLs asked', async () => {
    db = await openTestDatabase(dialect);
    // URL text order (/p1, /p10, /p11, /p2, …) is not id order.
    await auditWith(db, 'a1', 12, [
      finding('title-missing', `${ORIGIN}/p10`),
      finding('h1-missing', `${ORIGIN}/p10`),
      finding('title-missing', `${ORIGIN}/p2`),
      finding('h1-missing', `${ORIGIN}/p11`),
      // Not one of the audit's URLs: in no page's row.
      finding('h1-missing', `${ORIGIN}/elsewhere`),
    ]);
    await auditWith(db, 'a2', 12, [finding('description-missing', `${ORIGIN}/p2`)]);
    const reader = await openIssueTypes(db, 'a1');
    expect(sorted(await reader.typesOf(listed(0, 1, 2, 3)))).toEqual([[`${ORIGIN}/p2`, ['title-missing']]]);
    // /p11 is in the range asked, not among the URLs asked.
    expect(sorted(await reader.typesOf(listed(4, 10)))).toEqual([[`${ORIGIN}/p10`, ['h1-missing', 'title-missing']]]);
    expect(sorted(await reader.typesOf([]))).toEqual([]);
    await reader.close();
    await reader.close();
    if (dialect === 'sqlite') expect(await sqliteTempTables(db)).toEqual([]);
  });
});

// Decision 0069: the join reads the file and writes only TEMP tables, so the web thread's writes never wait on it.
test('on SQLite, the pages list’s issue types are joined without a lock of the file', () =>
  withRivalConnection(async (db, other) => {
    await auditWith(db, 'a1', 3, [finding('title-missing', `${ORIGIN}/p1`)]);
    await sql`BEGIN IMMEDIATE`.execute(other);
    const reader = await openIssueTypes(db, 'a1');
    expect(sorted(await reader.typesOf(listed(0, 1, 2)))).toEqual([[`${ORIGIN}/p1`, ['title-missing']]]);
    await reader.close();
    await sql`COMMIT`.execute(other);
  }));
