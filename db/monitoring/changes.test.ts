import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { insertChanges, listChanges, pruneChanges } from './changes.ts';
import { insertMonitor } from './monitors.ts';
import { clientMonitorRow } from '#test/helpers/monitor-watch.ts';

const DAY_MS = 86_400_000;

describe.each(DIALECTS)('%s', (dialect) => {
  let db: Db | undefined;
  afterEach(async () => {
    if (db) await closeTestDatabase(db);
    db = undefined;
  });

  test('the history keeps its days, then its bytes, dropping the oldest first; another monitor is untouched', async () => {
    db = await openTestDatabase(dialect);
    const now = Date.parse('2026-11-29T00:00:00.000Z');
    for (const id of ['monitorA0000000000000a', 'monitorB0000000000000b'])
      await insertMonitor(db, clientMonitorRow(id, 'https://shop.test'));
    // Twelve changes a month apart, the oldest 13 months ago; each stores 100 bytes.
    for (const monitor of ['monitorA0000000000000a', 'monitorB0000000000000b'])
      for (let month = 13; month >= 2; month -= 1) {
        const url = `https://shop.test/m${String(month).padStart(2, '0')}`;
        const title = 'x'.repeat(100 - Buffer.byteLength(url) - 2 - 2);
        await insertChanges(
          db,
          monitor,
          [{ url, field: 'title', before: '', after: title, severity: 'warning' }],
          new Date(now - month * 30 * DAY_MS).toISOString(),
        );
      }
    const urls = async (monitor: string) =>
      (await listChanges(db!, monitor, { limit: 100 })).map((change) => change.url.slice(-3)).sort();
    // 365 days: the 13-month-old change goes (390 days), the 12-month one (360 days) stays.
    expect(
      await pruneChanges(db, 'monitorA0000000000000a', {
        before: new Date(now - 365 * DAY_MS).toISOString(),
        maxBytes: 10_000,
      }),
    ).toBe(1);
    expect(await urls('monitorA0000000000000a')).toEqual([
      'm02',
      'm03',
      'm04',
      'm05',
      'm06',
      'm07',
      'm08',
      'm09',
      'm10',
      'm11',
      'm12',
    ]);
    // 450 bytes: the four newest changes are left.
    expect(
      await pruneChanges(db, 'monitorA0000000000000a', {
        before: new Date(now - 365 * DAY_MS).toISOString(),
        maxBytes: 450,
      }),
    ).toBe(7);
    expect(await urls('monitorA0000000000000a')).toEqual(['m02', 'm03', 'm04', 'm05']);
    expect(await urls('monitorB0000000000000b')).toHaveLength(12);
  });
});
