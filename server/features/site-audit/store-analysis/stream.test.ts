import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { BLANK_RECORD, storeCrawl } from '#test/fixtures/stored-crawl.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { createUrlStore, type PageRecord } from '../store.ts';
import { forEachRow } from './stream.ts';

/**
 * Whether another statement on `db` answers while a read is under way: SQLite's, synchronous, before the event
 * loop's next turn unless a statement holds the only connection; PostgreSQL's on another pooled connection.
 */
async function answers(db: Db, dialect: string): Promise<boolean> {
  const query = db.selectFrom('site_audits').select('id').execute();
  if (dialect !== 'sqlite') return query.then(() => true);
  const turn = new Promise<false>((resolve) => setImmediate(() => resolve(false)));
  return Promise.race([query.then(() => true as const), turn]);
}

describe.each(DIALECTS)('forEachRow on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  test('hands every row in order, a chunk at a time, with the connection free for the caller between reads', async () => {
    db = await openTestDatabase(dialect);
    const urls = createUrlStore();
    for (let id = 0; id < 7; id += 1) urls.idOf(`https://rows.example/p${id}`);
    for (const node of urls.nodes)
      Object.assign(node, { status: 200, start: node.id === 0, page: { ...BLANK_RECORD } as unknown as PageRecord });
    await storeCrawl(db, 'r', urls.nodes, 'https://rows.example/');
    const query = db
      .selectFrom('site_audit_urls')
      .select(['id', 'url'])
      .where('audit_id', '=', 'r')
      .where('url', 'like', 'https://rows.example/p%')
      .orderBy('id', 'desc');
    const seen: string[] = [];
    const free: boolean[] = [];
    await forEachRow(
      db,
      query,
      async (row) => {
        seen.push(row.url);
        // What the analysis does with each finding: another statement on the same database, at once.
        free.push(await answers(db, dialect));
      },
      3,
    );
    expect(seen).toEqual(Array.from({ length: 7 }, (_, id) => `https://rows.example/p${6 - id}`));
    expect(free).toEqual(Array(7).fill(true));
  });
});
