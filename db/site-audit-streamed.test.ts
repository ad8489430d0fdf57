import { afterEach, describe, expect, test } from 'vitest';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import type { Db } from './index.ts';
import { openIssueStage } from './site-audit-issue-stage.ts';
import { issueTypesOf, storedIssueTypes } from './site-audit-streamed.ts';
import { insertSiteAudit } from './site-audits.ts';

describe.each(DIALECTS)('a streamed audit’s findings on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  const finding = (type: string, url: string) => ({ type, url, severity: 'warning' as const, detail: '' });

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
});
