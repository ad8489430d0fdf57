import { describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { listMessages } from '#db/messages.ts';
import { getMonitor, insertMonitor, type NewMonitor } from '#db/monitoring/monitors.ts';
import { listRuns } from '#db/monitoring/runs.ts';
import { getSiteAudit } from '#db/site-audits.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { DIALECTS, freshDatabases } from '#test/helpers/databases.ts';
import { runToEnd } from '#test/helpers/jobs.ts';
import type { MonitoredAuditInput } from './runs.ts';
import { lookAtSchedule, MONITOR_SCHEDULE_JOB, scheduleIsDue } from './scheduler.ts';

const T0 = new Date('2026-11-27T10:00:00.000Z');
const DAY = 86_400_000;
const silent = { info: () => undefined, error: () => undefined };
const settings = {
  siteUrl: 'https://example.test',
  brandName: 'Lotus Lane Digital',
  timeZone: 'Asia/Kolkata',
  operatorEmails: ['ops@agency.test'],
};

function monitor(overrides: Partial<NewMonitor> = {}): NewMonitor {
  return {
    id: 'm'.repeat(22),
    kind: 'visitor',
    url: 'https://shop.example.in/',
    origin: 'https://shop.example.in',
    email: 'owner@shop.example.in',
    schedule: 'daily',
    webhookUrl: null,
    status: 'active',
    emailConfirmedAt: T0.toISOString(),
    verifiedAt: T0.toISOString(),
    verificationToken: 'a'.repeat(32),
    scoreDrop: 5,
    digest: false,
    nextRunAt: T0.toISOString(),
    createdAt: T0.toISOString(),
    ipHash: null,
    ...overrides,
  };
}

describe.each(DIALECTS)('%s', (dialect) => {
  const freshDb = freshDatabases(dialect);

  /** Looks at the schedule of `db` at the clock `clock()`, recording the audits it queues instead of running them. */
  function schedulerOn(db: Db, clock: () => Date, queued: Array<{ input: MonitoredAuditInput; id: string }>) {
    const options = {
      db,
      enqueueAudit: async (input: MonitoredAuditInput, id: string) => {
        queued.push({ input, id });
      },
      auditFailure: 'failed',
      maxPages: 25,
      settings,
      log: silent,
    };
    return { tick: () => lookAtSchedule(options, clock()) };
  }

  test('two schedulers on one database start a due slot once', async () => {
    const db = await freshDb();
    await insertMonitor(db, monitor());
    const queued: Array<{ input: MonitoredAuditInput; id: string }> = [];
    const at = () => new Date(T0.getTime() + 1000);
    const [a, b] = [schedulerOn(db, at, queued), schedulerOn(db, at, queued)];
    const results = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(results.flatMap((result) => result.started)).toEqual(['m'.repeat(22)]);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.input).toMatchObject({
      url: 'https://shop.example.in/',
      maxPages: 25,
      visitor: `monitor:${'m'.repeat(22)}`,
    });
    const runs = await listRuns(db, 'm'.repeat(22));
    expect(runs).toMatchObject([
      { slot: T0.toISOString(), trigger: 'schedule', status: 'running', auditId: queued[0]!.id },
    ]);
    expect(await getSiteAudit(db, queued[0]!.id)).toMatchObject({ status: 'queued', url: 'https://shop.example.in/' });
    expect((await getMonitor(db, 'm'.repeat(22)))!.nextRunAt).toBe(new Date(T0.getTime() + 1000 + DAY).toISOString());
  });

  test('slots missed while no process ran make one run at start; the next slot counts from then', async () => {
    const db = await freshDb();
    await insertMonitor(db, monitor({ nextRunAt: new Date(T0.getTime() - 10 * DAY).toISOString() }));
    await insertMonitor(
      db,
      monitor({ id: 'w'.repeat(22), schedule: 'weekly', nextRunAt: new Date(T0.getTime() - 30 * DAY).toISOString() }),
    );
    await insertMonitor(
      db,
      monitor({ id: 'o'.repeat(22), schedule: 'monthly', nextRunAt: '2026-10-31T10:00:00.000Z' }),
    );
    const queued: Array<{ input: MonitoredAuditInput; id: string }> = [];
    const scheduler = schedulerOn(db, () => T0, queued);
    expect((await scheduler.tick()).started.sort()).toEqual(['m'.repeat(22), 'o'.repeat(22), 'w'.repeat(22)]);
    expect((await scheduler.tick()).started).toEqual([]);
    expect(queued).toHaveLength(3);
    expect((await getMonitor(db, 'm'.repeat(22)))!.nextRunAt).toBe('2026-11-28T10:00:00.000Z');
    expect((await getMonitor(db, 'w'.repeat(22)))!.nextRunAt).toBe('2026-12-04T10:00:00.000Z');
    expect((await getMonitor(db, 'o'.repeat(22)))!.nextRunAt).toBe('2026-12-27T10:00:00.000Z');
  });

  test('nothing runs for a monitor that is paused, unconfirmed or not yet scheduled', async () => {
    const db = await freshDb();
    await insertMonitor(db, monitor({ id: 'p'.repeat(22), status: 'paused' }));
    await insertMonitor(db, monitor({ id: 'u'.repeat(22), status: 'unconfirmed', emailConfirmedAt: null }));
    await insertMonitor(db, monitor({ id: 'n'.repeat(22), nextRunAt: null, verifiedAt: null }));
    const queued: Array<{ input: MonitoredAuditInput; id: string }> = [];
    expect((await schedulerOn(db, () => new Date(T0.getTime() + 7 * DAY), queued).tick()).started).toEqual([]);
    expect(queued).toEqual([]);
  });

  test('a restart keeps the schedule: a look after it, on the same database, runs the slot when it comes', async () => {
    const db = await freshDb();
    const slot = T0.getTime() + 2 * 60_000 + 1;
    await insertMonitor(db, monitor({ nextRunAt: new Date(slot).toISOString() }));
    const queued: Array<{ input: MonitoredAuditInput; id: string }> = [];
    // Looks before the restart, a minute apart: nothing is due yet.
    const at = (ms: number) => () => new Date(ms);
    expect(await scheduleIsDue(db, new Date(T0.getTime() + 60_000))).toBe(false);
    expect((await schedulerOn(db, at(T0.getTime() + 60_000), queued).tick()).started).toEqual([]);
    // The process restarts: the next looks read the same schedule from the database.
    expect((await schedulerOn(db, at(T0.getTime() + 120_000), queued).tick()).started).toEqual([]);
    expect(await scheduleIsDue(db, new Date(slot))).toBe(true);
    expect((await schedulerOn(db, at(T0.getTime() + 180_000), queued).tick()).started).toEqual(['m'.repeat(22)]);
    for (let look = 4; look < 9; look += 1)
      expect((await schedulerOn(db, at(T0.getTime() + look * 60_000), queued).tick()).started).toEqual([]);
    expect(queued).toHaveLength(1);
    expect(await scheduleIsDue(db, new Date(T0.getTime() + 9 * 60_000))).toBe(false);
  });

  test("a weekly digest is queued once when due, with the week's runs and the one-click unsubscribe headers", async () => {
    const db = await freshDb();
    await insertMonitor(db, monitor({ digest: true, nextRunAt: null, nextDigestAt: T0.toISOString() }));
    const queued: Array<{ input: MonitoredAuditInput; id: string }> = [];
    const [a, b] = [schedulerOn(db, () => T0, queued), schedulerOn(db, () => T0, queued)];
    const results = await Promise.all([a.tick(), b.tick()]);
    expect(results.flatMap((result) => result.digests)).toEqual(['m'.repeat(22)]);
    const [message] = await listMessages(db);
    expect(message).toMatchObject({
      channel: 'email',
      kind: 'monitor.digest',
      recipient: 'listed',
      monitorId: 'm'.repeat(22),
    });
    const payload = JSON.parse(message!.payload);
    expect(payload.to).toEqual(['owner@shop.example.in']);
    expect(payload.subject).toBe('shop.example.in: weekly summary');
    expect(payload.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(payload.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/example\.test\/api\/monitors\/m{22}\/unsubscribe\?token=[^>]+>, <mailto:ops@agency\.test\?subject=Unsubscribe%20monitor%20m{22}>$/,
    );
    expect((await getMonitor(db, 'm'.repeat(22)))!.nextDigestAt).toBe(new Date(T0.getTime() + 7 * DAY).toISOString());
  });
});

test("the schedule's look is a repeatable job: in a job thread, it queues each due slot's audit through the job system", async () => {
  const made = await createTestApp({ file: true });
  try {
    const due = monitor({
      nextRunAt: new Date(Date.now() - 60_000).toISOString(),
      createdAt: new Date().toISOString(),
    });
    await insertMonitor(made.db, due);
    await runToEnd(made.jobs, MONITOR_SCHEDULE_JOB);
    // This look, or one the job system ran on its own meanwhile: the slot has its one run, its audit queued.
    const runs = await listRuns(made.db, due.id);
    expect(runs).toMatchObject([{ trigger: 'schedule', auditId: expect.any(String) }]);
    expect(await made.jobs.state('site-audit', runs[0]!.auditId!)).toMatchObject({
      status: expect.stringMatching(/^(queued|active|completed|failed)$/),
    });
    // Nothing due: the next run ends without a thread's work.
    expect(await runToEnd(made.jobs, MONITOR_SCHEDULE_JOB)).toBeNull();
  } finally {
    await made.close();
  }
});
