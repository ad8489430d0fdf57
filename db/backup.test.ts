import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { backupDatabase, backupFileName, backupTarget, BackupTargetError } from '#db/backup.ts';
import { databaseFile, openDatabase } from '#db/index.ts';

/** A live database with some weight to it: 3,000 contact messages of ~1 KB. */
async function seededDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'backup-'));
  const db = await openDatabase(databaseFile(dir));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < 3000; i += 500)
      await trx
        .insertInto('contact_messages')
        .values(
          Array.from({ length: 500 }, (_, j) => ({
            name: `Seed ${i + j}`,
            email: `seed${i + j}@example.in`,
            message: 'x'.repeat(1000),
          })),
        )
        .execute();
  });
  await db.destroy();
  return dir;
}

/**
 * Another connection on another thread writing as fast as it can, like the server taking leads,
 * until `stop` is set. Resolves `started` after its first committed write.
 */
function startWriter(file: string) {
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
     const Database = require(workerData.module);
     const db = new Database(workerData.file);
     db.pragma('busy_timeout = 5000');
     const insert = db.prepare("INSERT INTO contact_messages (name, email, message) VALUES ('Live', 'live@example.in', ?)");
     let n = 0;
     while (Atomics.load(workerData.stop, 0) === 0) {
       insert.run('y'.repeat(500));
       n += 1;
       if (n === 1) parentPort.postMessage('started');
     }
     db.close();
     parentPort.postMessage(n);`,
    { eval: true, workerData: { file, stop, module: require.resolve('better-sqlite3') } },
  );
  const started = new Promise<void>((resolve) => worker.once('message', () => resolve()));
  const finish = async () => {
    Atomics.store(stop, 0, 1);
    return new Promise<number>((resolve) => worker.on('message', (n) => typeof n === 'number' && resolve(n)));
  };
  return { started, finish };
}

const count = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM contact_messages').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

test('a copy taken while another connection keeps writing opens, passes integrity_check and is one consistent moment', async () => {
  const dir = await seededDataDir();
  const source = databaseFile(dir);
  const writer = startWriter(source);
  await writer.started;
  const before = count(source);
  const result = await backupDatabase(source, join(dir, 'copy.db'));
  const written = await writer.finish();
  expect(result.integrity).toBe('ok');
  expect(result.pages).toBeGreaterThan(0);
  expect(existsSync(join(dir, 'copy.db-wal'))).toBe(false);
  // The copy holds every row committed before it began, and the writer went on after it.
  const copied = count(join(dir, 'copy.db'));
  expect(copied).toBeGreaterThanOrEqual(before);
  expect(count(source)).toBe(3000 + written);
  expect(copied).toBeLessThanOrEqual(3000 + written);
  // It is a complete database: migrations recorded, opens like the live one.
  const reopened = await openDatabase(join(dir, 'copy.db'));
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM schema_migrations`.execute(reopened);
  expect(rows[0]!.n).toBeGreaterThan(0);
  await reopened.destroy();
});

test('the target: a dated file in a directory, the file named, and never an existing file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'backup-target-'));
  const at = new Date('2026-11-23T10:45:01.123Z');
  expect(backupFileName(at)).toBe('site-20261123-104501.db');
  expect(backupTarget(undefined, dir, at)).toBe(join(dir, 'site-20261123-104501.db'));
  expect(backupTarget(join(dir, 'mine.db'), dir, at)).toBe(join(dir, 'mine.db'));
  mkdirSync(join(dir, 'nightly'));
  expect(backupTarget(join(dir, 'nightly'), dir, at)).toBe(join(dir, 'nightly', 'site-20261123-104501.db'));
  writeFileSync(join(dir, 'old.db'), 'keep me');
  expect(() => backupTarget(join(dir, 'old.db'), dir, at)).toThrow(BackupTargetError);
  expect(() => backupTarget(join(dir, 'old.db'), dir, at)).toThrow(
    `${join(dir, 'old.db')} already exists; name a new file or a directory`,
  );
});
