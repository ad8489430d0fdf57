import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import {
  closeTestDatabase,
  DIALECTS,
  openAddressedTestDatabase,
  openTestDatabase,
  sqliteTempTables,
} from '#test/helpers/databases.ts';
import { openDatabase, type Db } from './index.ts';
import { MOVE_ROWS, openIssueStage } from './site-audit-issue-stage.ts';
import { auditIssues } from './site-audit-results.ts';
import { insertSiteAudit } from './site-audits.ts';

const finding = (type: string, url: string, detail = '') => ({ type, url, severity: 'warning' as const, detail });

/** URLs in the order a crawl meets them: not the order of their text. */
const shopUrl = (n: number) => `https://shop.example/${((n * 7919) % 10_007).toString(36)}/item-${n}`;

async function auditOn(db: Db, id = 'a1'): Promise<void> {
  await insertSiteAudit(db, { id, visitor: 'v', url: 'https://shop.example/', createdAt: '2026-11-30T01:00:00.000Z' });
}

describe.each(DIALECTS)('the findings’ stage on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  test('every finding lands once, the first of a (type, URL) kept, a key already stored left as it is', async () => {
    db = await openTestDatabase(dialect);
    await auditOn(db);
    await auditOn(db, 'a2');
    const link = { source: shopUrl(1), target: shopUrl(0), anchor: 'a link', position: 'content' };
    const stage = await openIssueStage(db, 'a1');
    await stage.add([finding('h1-missing', shopUrl(3), 'first'), finding('title-missing', shopUrl(1))]);
    await db
      .insertInto('site_audit_issues')
      .values({
        audit_id: 'a1',
        type: 'title-missing',
        url: shopUrl(2),
        severity: 'warning',
        detail: 'stored',
        links: null,
      })
      .execute();
    await stage.add([
      {
        ...finding('title-missing', shopUrl(0)),
        links: [link],
      },
      finding('h1-missing', shopUrl(3), 'second'),
      finding('title-missing', shopUrl(2), 'staged'),
    ]);
    await stage.add([]);
    await stage.finish();
    await stage.close();
    const rows = await auditIssues(db, 'a1');
    expect(rows.map(({ type, url, detail }) => [type, url, detail])).toEqual(
      [
        ['h1-missing', shopUrl(3), 'first'],
        ['title-missing', shopUrl(0), ''],
        ['title-missing', shopUrl(1), ''],
        ['title-missing', shopUrl(2), 'stored'],
      ].sort(),
    );
    expect(rows.find((row) => row.url === shopUrl(0))!.links).toEqual([link]);
    expect(await auditIssues(db, 'a2')).toEqual([]);
  });

  test('more than a move’s rows: all of them, in key order, a turn of the loop after each transaction', async () => {
    db = await openTestDatabase(dialect);
    await auditOn(db);
    const stage = await openIssueStage(db, 'a1');
    const count = MOVE_ROWS * 2 + 37;
    const found = Array.from({ length: count }, (_, n) => finding(n % 2 ? 'h1-missing' : 'title-missing', shopUrl(n)));
    for (let from = 0; from < count; from += 500) await stage.add(found.slice(from, from + 500));
    let turns = 0;
    await stage.finish({ breathe: async () => void (turns += 1) });
    const rows = await auditIssues(db, 'a1');
    expect(rows.map(({ type, url }) => `${type} ${url}`)).toEqual(
      found.map(({ type, url }) => `${type} ${url}`).sort(),
    );
    // SQLite moves MOVE_ROWS a transaction; PostgreSQL wrote each call's findings as they came.
    expect(turns).toBe(dialect === 'sqlite' ? 3 : 0);
  });

  test('a move stopped half-way writes no more, and closing drops what was staged', async () => {
    db = await openTestDatabase(dialect);
    await auditOn(db);
    const stage = await openIssueStage(db, 'a1');
    const found = Array.from({ length: MOVE_ROWS * 3 }, (_, n) => finding('title-missing', shopUrl(n)));
    await stage.add(found);
    let turns = 0;
    await stage.finish({ breathe: async () => void (turns += 1), aborted: () => turns > 0 });
    await stage.close();
    const stored = (await auditIssues(db, 'a1')).length;
    if (dialect === 'sqlite') {
      expect(stored).toBe(MOVE_ROWS);
      expect(await sqliteTempTables(db)).toEqual([]);
    } else expect(stored).toBe(found.length);
  });

  test('a stage closed unfinished writes nothing and leaves none behind; another opens after it', async () => {
    db = await openTestDatabase(dialect);
    await auditOn(db);
    const first = await openIssueStage(db, 'a1');
    await first.add([finding('title-missing', shopUrl(1))]);
    await first.close();
    await first.close();
    const second = await openIssueStage(db, 'a1');
    await second.add([finding('h1-missing', shopUrl(2))]);
    await second.finish();
    const rows = (await auditIssues(db, 'a1')).map(({ type }) => type);
    expect(rows).toEqual(dialect === 'sqlite' ? ['h1-missing'] : ['h1-missing', 'title-missing']);
  });
});

// Decision 0069: nothing the audit stages needs the file's write lock, so the web thread's writes never wait on it.
test('on SQLite, staging needs no lock of the file; the move holds it a transaction at a time', async () => {
  const { db, address } = await openAddressedTestDatabase('sqlite');
  const other = await openDatabase(address.target, address.options);
  const timeout = async (on: Db) => (await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(on)).rows[0]!.timeout;
  const waits = await timeout(db);
  try {
    await auditOn(db);
    await sql.raw('PRAGMA busy_timeout = 0').execute(other);
    await sql.raw('PRAGMA busy_timeout = 0').execute(db);
    // Another connection holds the write lock: staging goes on (a write to the file would fail with SQLITE_BUSY).
    await sql`BEGIN IMMEDIATE`.execute(other);
    const stage = await openIssueStage(db, 'a1');
    await stage.add(Array.from({ length: MOVE_ROWS * 2 }, (_, n) => finding('title-missing', shopUrl(n))));
    await sql`COMMIT`.execute(other);
    await sql.raw(`PRAGMA busy_timeout = ${waits}`).execute(db);
    expect((await auditIssues(db, 'a1')).length).toBe(0);
    let between = 0;
    await stage.finish({
      breathe: async () => {
        between += 1;
        // Between two transactions of the move the lock is free.
        await sql`BEGIN IMMEDIATE`.execute(other);
        await sql`COMMIT`.execute(other);
      },
    });
    expect(between).toBe(2);
    expect((await auditIssues(db, 'a1')).length).toBe(MOVE_ROWS * 2);
  } finally {
    await other.destroy();
    await closeTestDatabase(db);
  }
});
