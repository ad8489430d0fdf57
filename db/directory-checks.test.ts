import { describe, expect, test } from 'vitest';
import { DIALECTS, freshDatabases } from '#test/helpers/databases.ts';
import {
  importDirectoryCheck,
  KEPT_DIRECTORY_CHECKS,
  latestDirectoryCheck,
  latestDirectoryCheckId,
  saveDirectoryCheck,
  type DirectoryCheckRun,
} from './directory-checks.ts';

const run = (id: string, recordedAt: number): DirectoryCheckRun => ({
  id,
  recordedAt,
  results: JSON.stringify({ version: 1, lastRun: null, sites: { id } }),
});

describe.each(DIALECTS)('%s', (dialect) => {
  const open = freshDatabases(dialect);

  test('an empty table has no run', async () => {
    const db = await open();
    expect(await latestDirectoryCheckId(db)).toBeUndefined();
    expect(await latestDirectoryCheck(db)).toBeUndefined();
  });

  test('the newest run is the current one, whatever order they were saved in; ties go to the larger id', async () => {
    const db = await open();
    await saveDirectoryCheck(db, run('0b', 2_000));
    await saveDirectoryCheck(db, run('0c', 1_000));
    expect(await latestDirectoryCheck(db)).toEqual(run('0b', 2_000));
    await saveDirectoryCheck(db, run('0a', 2_000));
    expect(await latestDirectoryCheckId(db)).toBe('0b');
    await saveDirectoryCheck(db, run('ff', 1_767_225_600_000));
    expect(await latestDirectoryCheck(db)).toEqual(run('ff', 1_767_225_600_000));
  });

  test(`saving keeps the newest ${KEPT_DIRECTORY_CHECKS} runs`, async () => {
    const db = await open();
    for (let n = 1; n <= KEPT_DIRECTORY_CHECKS + 2; n++) await saveDirectoryCheck(db, run(`0${n}`, n * 1_000));
    const ids = await db
      .selectFrom('directory_checks')
      .select('id')
      .orderBy('recorded_at')
      .execute()
      .then((rows) => rows.map((row) => row.id));
    expect(ids).toEqual(['03', '04', '05', '06', '07']);
    await saveDirectoryCheck(db, run('08', 8_000), 1);
    expect(await db.selectFrom('directory_checks').select('id').execute()).toEqual([{ id: '08' }]);
  });

  test('an import goes only into an empty table, once', async () => {
    const db = await open();
    expect(await importDirectoryCheck(db, run('imported', 1_000))).toBe(true);
    expect(await importDirectoryCheck(db, run('imported', 5_000))).toBe(false);
    expect(await latestDirectoryCheck(db)).toEqual(run('imported', 1_000));
    const other = await open();
    await saveDirectoryCheck(other, run('0a', 1_000));
    expect(await importDirectoryCheck(other, run('imported', 9_000))).toBe(false);
    expect(await latestDirectoryCheckId(other)).toBe('0a');
  });
});
