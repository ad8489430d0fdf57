import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { dayCounts } from '#db/log-file-days.ts';
import { insertLogFile } from '#db/log-files.ts';
import type { Db } from '#db/index.ts';
import { plantedCombinedLog } from '#test/fixtures/access-logs.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { analyseLog, type StagedFile } from './analyse.ts';
import { createVerifier } from './verify.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The planted log three times over, as three staged files (each file's lines are a batch, a flush between). */
function stagedThrice(): { dir: string; files: StagedFile[] } {
  const dir = mkdtempSync(join(tmpdir(), 'log-analyse-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const files = ['a.log', 'b.log.gz', 'c.log'].map((name) => {
    const path = join(dir, name);
    const text = plantedCombinedLog();
    writeFileSync(path, name.endsWith('.gz') ? gzipSync(text) : text);
    return { path, name, bytes: text.length };
  });
  return { dir, files };
}

async function analysed(
  db: Db,
  logId: string,
  files: readonly StagedFile[],
  counts: { runsDir: string; flushEntries?: number },
) {
  await insertLogFile(db, { id: logId, visitor: 'v', auditId: null, files: [], createdAt: 0, expiresAt: 1e15 });
  await analyseLog(files, {
    db,
    logId,
    verifier: createVerifier({ dns: false, dnsServers: [], maxLookups: 0 }),
    signal: new AbortController().signal,
    progress: () => undefined,
    counts,
  });
  const hits = await db
    .selectFrom('log_file_hits')
    .select(['url', 'bot', 'verified', 'status', 'hits', 'bytes', 'first_seen', 'last_seen'])
    .where('log_id', '=', logId)
    .orderBy('url')
    .orderBy('bot')
    .orderBy('verified')
    .orderBy('status')
    .execute();
  return {
    hits: hits.map((row) => ({ ...row, hits: Number(row.hits), bytes: Number(row.bytes) })),
    days: await dayCounts(db, logId),
  };
}

describe.each(DIALECTS)('%s', (dialect) => {
  test('counts flushed as many sorted runs add up exactly to the counts of one, and the runs are gone after', async () => {
    const db = await openTestDatabase(dialect);
    cleanups.push(() => closeTestDatabase(db));
    const { dir, files } = stagedThrice();
    const runsDir = join(dir, 'url-runs');
    const many = await analysed(db, 'many', files, { runsDir, flushEntries: 1 });
    expect(existsSync(runsDir)).toBe(false);
    const one = await analysed(db, 'one', files, { runsDir });
    expect(many).toEqual(one);
    // Each planted hit three times: Googlebot Smartphone's (verified) 200s on / from the three files.
    expect(many.hits.filter((row) => row.url === '/' && row.bot === 'googlebot-smartphone')).toEqual([
      {
        url: '/',
        bot: 'googlebot-smartphone',
        verified: 1,
        status: 200,
        hits: 6,
        bytes: 30_000,
        first_seen: Date.parse('2026-11-01T10:00:00Z'),
        last_seen: Date.parse('2026-11-01T11:00:00Z'),
      },
      {
        url: '/',
        bot: 'googlebot-smartphone',
        verified: 1,
        status: 304,
        hits: 3,
        bytes: 0,
        first_seen: Date.parse('2026-11-02T09:30:00Z'),
        last_seen: Date.parse('2026-11-02T09:30:00Z'),
      },
    ]);
    expect(many.hits.reduce((sum, row) => sum + row.hits, 0)).toBe(3 * 12);
    expect(readdirSync(dir).sort()).toEqual(['a.log', 'b.log.gz', 'c.log']);
  });
});
