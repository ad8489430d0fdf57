import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { SITE_AUDIT_LIMITS } from '#server/config/site-audit-defaults.ts';
import { createTimeSlicer } from '#server/lib/crawler/time-slice.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { createInMemoryFetcher } from '#test/helpers/in-memory-fetcher.ts';
import { runAuditTry } from './run.ts';
import { AUDIT_SQLITE_CACHE_KB } from './sqlite-cache.ts';

/** A try of an audit that is not there: it ends at once as skipped, having set up its connection. */
async function skippedTry(db: Db) {
  return runAuditTry(
    {
      db,
      fetcher: createInMemoryFetcher(() => undefined, 'https://x.example'),
      limits: SITE_AUDIT_LIMITS,
      keep: 10,
      slicer: createTimeSlicer(),
      now: () => new Date('2026-11-29T07:00:00Z'),
    },
    {
      id: 'absent',
      input: { visitor: 'v', url: 'https://x.example/', httpFallback: false, createdAt: '2026-11-29T06:00:00Z' },
      signal: new AbortController().signal,
      progress: () => undefined,
    },
  );
}

describe.each(DIALECTS)('an audit thread’s connection on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  test(
    dialect === 'sqlite'
      ? 'keeps at most 4 MB of SQLite pages in memory (better-sqlite3 builds with 16 MB)'
      : 'is left as it is (its memory is the database server’s)',
    async () => {
      db = await openTestDatabase(dialect);
      expect(await skippedTry(db)).toBe('skipped');
      if (dialect === 'postgres') return;
      const { rows } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db);
      expect(AUDIT_SQLITE_CACHE_KB).toBe(4096);
      expect(rows).toEqual([{ cache_size: -4096 }]);
    },
  );
});
