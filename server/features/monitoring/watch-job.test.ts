import { afterEach, describe, expect, test, vi } from 'vitest';
import { watchedPages } from '#db/monitoring/watch.ts';
import { startChatReceiver } from '#test/fixtures/chat-webhooks.ts';
import { startSmtpFixture } from '#test/fixtures/smtp.ts';
import { WATCHED_PATHS } from '#test/fixtures/watched-site.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { watchApps } from '#test/helpers/monitor-watch.ts';
import { MONITOR_WATCH_JOB } from './watch-job.ts';
import { WATCH_TICK_MS } from './watch.ts';

/**
 * The watch as it runs in production (issue 35): a started app's own repeatable job, in a job
 * thread, on a 1 s cycle, reading a loopback company site. Nothing here calls the look itself.
 */
// An app, its job threads and a few dozen looks: seconds each on a busy machine.
describe.each(DIALECTS)('%s', { timeout: 90_000 }, (dialect) => {
  const { setup, cleanup } = watchApps(dialect);
  afterEach(() => {
    vi.useRealTimers();
  });

  test("a started app's watch job reads the site on its own cycle, records a change and alerts it in one mail and one webhook call", async () => {
    // The embedded queue's slots are this thread's timers: faked, the test says when the next slot
    // comes. BullMQ's slots are its scheduler's; there the test asks for the run a slot asks for.
    const embedded = dialect === 'sqlite';
    if (embedded) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const smtp = await startSmtpFixture();
    cleanup.push(() => smtp.close());
    const receiver = await startChatReceiver('json');
    cleanup.push(() => receiver.close());
    // The app's own watch on (the helper's default is off), on a 1 s cycle.
    const made = await setup(
      {
        MONITOR_WATCH_INTERVAL_S: '1',
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL_TO: 'operator@agency.test',
        FETCH_ALLOW_PRIVATE: receiver.hostPort,
      },
      `${receiver.origin}/hook`,
    );
    const { state, site, monitorId } = made;

    const slot = () => (embedded ? vi.advanceTimersByTimeAsync(WATCH_TICK_MS) : made.jobs.runNow(MONITOR_WATCH_JOB));
    /**
     * Lets the watch's slots come until `check` passes (each slot a look in a job thread; the fake
     * clock's other timers, the outbox's among them, come with them).
     */
    const slotsUntil = (check: () => Promise<void>) =>
      vi.waitFor(
        async () => {
          await slot();
          await check();
        },
        { timeout: 60_000, interval: 50 },
      );

    // The looks choose the pages, then read each once its offset in the cycle has come.
    await slotsUntil(async () => {
      const pages = await watchedPages(made.db, monitorId);
      expect(pages.filter((page) => page.snapshot !== null)).toHaveLength(WATCHED_PATHS.length);
    });
    state.pages['/pricing']!.title = 'Pricing plans from ₹499 | Lotus Widgets';
    state.pages['/pricing']!.noindex = true;
    const pricing = `${site.origin}/pricing`;
    const expected = [
      { url: pricing, field: 'indexability', before: 'indexable', after: 'noindex', severity: 'critical' },
      {
        url: pricing,
        field: 'title',
        before: 'Pricing | Lotus Widgets',
        after: 'Pricing plans from ₹499 | Lotus Widgets',
        severity: 'warning',
      },
    ];
    const byField = (list: Array<{ field: string }>) => [...list].sort((a, b) => a.field.localeCompare(b.field));
    await slotsUntil(async () => {
      expect(receiver.bodies).toHaveLength(1);
      expect(smtp.received).toHaveLength(1);
    });
    expect(smtp.received[0]!.mail.subject).toBe(`2 changes on ${site.hostPort}`);
    const hook = receiver.bodies[0] as { event: string; changes: Array<{ field: string }> };
    expect(hook.event).toBe('monitor.changes');
    expect(byField(hook.changes)).toMatchObject(expected);
    // The API lists exactly these: every other page was read again, its dynamic parts no change. (A page whose
    // place in the cycle comes after /pricing's is read again after the alert: the slots come until it is.)
    await slotsUntil(async () => expect(state.requests['/about']).toBeGreaterThanOrEqual(2));
    const listed = await made.changes();
    expect(listed.status).toBe(200);
    expect(byField(listed.body.changes as Array<{ field: string }>)).toEqual(
      expected.map((change) => ({ ...change, detectedAt: expect.any(String) })),
    );
  });
});
