import { describe, expect, test } from 'vitest';
import { DIALECTS, freshDatabases } from '#test/helpers/databases.ts';
import type { Db } from '../index.ts';
import { baselineAuditOf, finishRun, getRun, insertRun, listRuns, pruneRuns } from '#db/monitoring/runs.ts';
import { insertMessages, listMessages } from '#db/messages.ts';
import {
  claimSlot,
  confirmEmail,
  countMonitoredSites,
  countConfirmedMonitorsOf,
  deleteMonitor,
  deleteUnconfirmedBefore,
  dueMonitors,
  getMonitor,
  insertMonitor,
  listMonitors,
  updateMonitor,
  type NewMonitor,
} from '#db/monitoring/monitors.ts';
import { keepMonitorSigningKey } from '#db/monitoring/signing-key.ts';
import { completeSiteAudit, insertSiteAudit, markRunning, pruneSiteAudits } from '../site-audits.ts';

const T0 = '2026-11-27T10:00:00.000Z';

function monitor(overrides: Partial<NewMonitor> = {}): NewMonitor {
  return {
    id: 'm'.repeat(22),
    kind: 'visitor',
    url: 'https://shop.example.in/',
    origin: 'https://shop.example.in',
    email: 'Owner@Shop.example.in',
    schedule: 'daily',
    webhookUrl: null,
    status: 'unconfirmed',
    verificationToken: 'a'.repeat(32),
    scoreDrop: 5,
    digest: false,
    createdAt: T0,
    ipHash: null,
    ...overrides,
  };
}

async function doneAudit(db: Db, id: string, createdAt: string): Promise<void> {
  await insertSiteAudit(db, { id, visitor: 'monitor:m', url: 'https://shop.example.in/', createdAt });
  await markRunning(db, id, createdAt);
  await completeSiteAudit(db, id, {
    finishedAt: createdAt,
    crawled: 1,
    discovered: 1,
    summary: { score: 90 },
    report: {},
    pages: [],
    issues: [],
    diff: async () => undefined,
  });
}

describe.each(DIALECTS)('%s', (dialect) => {
  const freshDb = freshDatabases(dialect);

  test('a monitor is stored and read back with every field; a patch changes only what it names', async () => {
    const db = await freshDb();
    await insertMonitor(db, monitor({ recipients: ['a@x.in', 'b@x.in'], kind: 'client', digest: true }));
    expect(await getMonitor(db, 'm'.repeat(22))).toEqual({
      id: 'm'.repeat(22),
      kind: 'client',
      url: 'https://shop.example.in/',
      origin: 'https://shop.example.in',
      email: 'Owner@Shop.example.in',
      recipients: ['a@x.in', 'b@x.in'],
      schedule: 'daily',
      webhookUrl: null,
      status: 'unconfirmed',
      emailConfirmedAt: null,
      verifiedAt: null,
      verificationToken: 'a'.repeat(32),
      scoreDrop: 5,
      digest: true,
      nextRunAt: null,
      lastRunAt: null,
      nextDigestAt: null,
      auditId: null,
      createdAt: T0,
      ipHash: null,
    });
    expect(await updateMonitor(db, 'm'.repeat(22), { schedule: 'weekly', digest: false, scoreDrop: 9 })).toBe(true);
    expect(await getMonitor(db, 'm'.repeat(22))).toMatchObject({ schedule: 'weekly', digest: false, scoreDrop: 9 });
    expect(await updateMonitor(db, 'x'.repeat(22), { schedule: 'weekly' })).toBe(false);
    expect((await listMonitors(db, 'client')).map((m) => m.id)).toEqual(['m'.repeat(22)]);
    expect(await listMonitors(db, 'visitor')).toEqual([]);
  });

  test("a mailbox's confirmed monitors are counted across its spellings; sites are counted once per URL", async () => {
    const db = await freshDb();
    await insertMonitor(db, monitor({ id: 'a'.repeat(22), emailConfirmedAt: T0 }));
    await insertMonitor(db, monitor({ id: 'b'.repeat(22), email: 'owner+shop@shop.example.in', emailConfirmedAt: T0 }));
    await insertMonitor(db, monitor({ id: 'c'.repeat(22), url: 'https://other.example.in/', emailConfirmedAt: T0 }));
    // Unconfirmed monitors, and client sites, are not the address's.
    await insertMonitor(db, monitor({ id: 'd'.repeat(22) }));
    await insertMonitor(db, monitor({ id: 'e'.repeat(22), kind: 'client', emailConfirmedAt: T0 }));
    expect(await countConfirmedMonitorsOf(db, 'OWNER@shop.example.in')).toBe(3);
    expect(await countConfirmedMonitorsOf(db, 'other@shop.example.in')).toBe(0);
    expect(await countMonitoredSites(db)).toBe(2);
  });

  test('confirming happens once, and not past the mailbox limit; a never-confirmed monitor past its link is deleted, even paused', async () => {
    const db = await freshDb();
    await insertMonitor(db, monitor({ id: 'a'.repeat(22) }));
    await insertMonitor(db, monitor({ id: 'b'.repeat(22), createdAt: '2026-11-25T10:00:00.000Z' }));
    await insertMonitor(db, monitor({ id: 'p'.repeat(22), createdAt: '2026-11-25T10:00:00.000Z', status: 'paused' }));
    await insertMonitor(db, monitor({ id: 'c'.repeat(22), email: 'owner+2@shop.example.in' }));
    const confirm = (id: string) => confirmEmail(db, id.repeat(22), T0, 2);
    const results = await Promise.all([confirm('a'), confirm('a')]);
    expect(results.sort()).toEqual([false, true]);
    expect(await getMonitor(db, 'a'.repeat(22))).toMatchObject({ status: 'active', emailConfirmedAt: T0 });
    expect(await confirm('c')).toBe(true);
    // The mailbox has its two: a third is not confirmed.
    expect(await confirm('b')).toBe(false);
    expect(await getMonitor(db, 'b'.repeat(22))).toMatchObject({ status: 'unconfirmed', emailConfirmedAt: null });
    expect(await deleteUnconfirmedBefore(db, '2026-11-26T10:00:00.000Z')).toBe(2);
    expect(await getMonitor(db, 'b'.repeat(22))).toBeUndefined();
    expect(await getMonitor(db, 'p'.repeat(22))).toBeUndefined();
  });

  test('a due slot is claimed by exactly one of two schedulers, and its run is inserted once', async () => {
    const db = await freshDb();
    await insertMonitor(db, monitor({ status: 'active', nextRunAt: T0 }));
    await insertMonitor(db, monitor({ id: 'p'.repeat(22), status: 'paused', nextRunAt: T0 }));
    await insertMonitor(db, monitor({ id: 'f'.repeat(22), status: 'active', nextRunAt: '2026-11-28T10:00:00.000Z' }));
    const due = await dueMonitors(db, '2026-11-27T10:00:01.000Z', 10);
    expect(due.map((m) => m.id)).toEqual(['m'.repeat(22)]);
    const next = '2026-11-28T10:00:01.000Z';
    const claims = await Promise.all([
      claimSlot(db, 'm'.repeat(22), T0, next),
      claimSlot(db, 'm'.repeat(22), T0, next),
    ]);
    expect(claims.sort()).toEqual([false, true]);
    const run = { monitorId: 'm'.repeat(22), slot: T0, trigger: 'schedule' as const, auditId: null, createdAt: T0 };
    const inserts = await Promise.all([insertRun(db, { ...run, id: 'r1' }), insertRun(db, { ...run, id: 'r2' })]);
    expect(inserts.sort()).toEqual([false, true]);
    expect(await listRuns(db, 'm'.repeat(22))).toHaveLength(1);
  });

  test('a run ends once with its regressions; the baseline is the newest earlier run whose audit is done', async () => {
    const db = await freshDb();
    await insertMonitor(db, monitor({ status: 'active' }));
    const id = 'm'.repeat(22);
    await doneAudit(db, 'audit-1', '2026-11-25T10:00:00.000Z');
    await insertRun(db, {
      id: 'r1',
      monitorId: id,
      slot: 's1',
      trigger: 'schedule',
      auditId: 'audit-1',
      createdAt: '2026-11-25T10:00:00.000Z',
    });
    await insertSiteAudit(db, {
      id: 'audit-2',
      visitor: 'monitor:m',
      url: 'https://shop.example.in/',
      createdAt: '2026-11-26T10:00:00.000Z',
    });
    await insertRun(db, {
      id: 'r2',
      monitorId: id,
      slot: 's2',
      trigger: 'schedule',
      auditId: 'audit-2',
      createdAt: '2026-11-26T10:00:00.000Z',
    });
    await insertRun(db, { id: 'r3', monitorId: id, slot: 's3', trigger: 'manual', auditId: 'audit-3', createdAt: T0 });
    expect(await baselineAuditOf(db, { id: 'r3', monitorId: id, createdAt: T0 })).toBe('audit-1');
    expect(
      await baselineAuditOf(db, { id: 'r1', monitorId: id, createdAt: '2026-11-25T10:00:00.000Z' }),
    ).toBeUndefined();
    const regressions = [{ kind: 'score-drop', from: 90, to: 80, drop: 10 } as const];
    const outcome = {
      status: 'done' as const,
      score: 80,
      regressions,
      fixed: [{ issueId: 'x', url: 'u' }],
      finishedAt: T0,
    };
    expect(await finishRun(db, 'r3', outcome)).toBe(true);
    expect(await finishRun(db, 'r3', { ...outcome, score: 1 })).toBe(false);
    expect(await getRun(db, 'r3')).toMatchObject({ status: 'done', score: 80, regressions, fixedCount: 1 });
  });

  test('runs are pruned to the newest ones; audits of kept runs survive the audit pruning, others do not', async () => {
    const db = await freshDb();
    await insertMonitor(db, monitor({ status: 'active' }));
    const id = 'm'.repeat(22);
    for (const n of [1, 2, 3]) {
      const at = `2026-11-2${n}T10:00:00.000Z`;
      await doneAudit(db, `audit-${n}`, at);
      await insertRun(db, {
        id: `r${n}`,
        monitorId: id,
        slot: at,
        trigger: 'schedule',
        auditId: `audit-${n}`,
        createdAt: at,
      });
    }
    await doneAudit(db, 'visitor-audit', '2026-11-24T10:00:00.000Z');
    expect(await pruneRuns(db, id, 2)).toBe(1);
    expect((await listRuns(db, id)).map((run) => run.id)).toEqual(['r3', 'r2']);
    expect(await pruneSiteAudits(db, 0)).toBe(2);
    const left = await db.selectFrom('site_audits').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['audit-2', 'audit-3']);
  });

  test('deleting a monitor deletes its runs and queued messages', async () => {
    const db = await freshDb();
    await insertMonitor(db, monitor());
    const id = 'm'.repeat(22);
    await insertRun(db, { id: 'r1', monitorId: id, slot: T0, trigger: 'schedule', auditId: null, createdAt: T0 });
    const message = { id: 'msg', kind: 'monitor.regression', recipient: 'listed' as const, payload: '{}' };
    await insertMessages(
      db,
      [{ ...message, channel: 'email', monitorId: id, runId: 'r1', createdAt: T0, giveUpAt: Date.parse(T0) + 1 }],
      0,
    );
    expect(await deleteMonitor(db, id)).toBe(true);
    expect(await listRuns(db, id)).toEqual([]);
    expect(await listMessages(db)).toEqual([]);
  });

  test('the signing key is stored once: every process reads back the first one', async () => {
    const db = await freshDb();
    expect(await keepMonitorSigningKey(db, 'first')).toBe('first');
    expect(await keepMonitorSigningKey(db, 'second')).toBe('first');
  });
});
