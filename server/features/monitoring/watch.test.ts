import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { insertMonitor } from '#db/monitoring/monitors.ts';
import { watchedPages } from '#db/monitoring/watch.ts';
import type { Messaging } from '#server/lib/messaging/index.ts';
import { startSmtpFixture } from '#test/fixtures/smtp.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import {
  clientMonitorRow,
  CYCLE_MS,
  cycleEnd,
  EPOCH,
  plantTenChanges,
  watchApps,
  type WatchApp,
} from '#test/helpers/monitor-watch.ts';
import { WATCHED_PATHS } from '#test/fixtures/watched-site.ts';
import { WATCH_TICK_MS, watchTick } from './watch.ts';

/** Every change of the monitor (the API's pages followed to the end), oldest first. */
async function allChanges(made: WatchApp, query: Record<string, string> = {}) {
  const found: Array<Record<string, unknown>> = [];
  let before: string | null = null;
  do {
    const res = await made.changes({ ...query, limit: '3', ...(before && { before }) });
    expect(res.status).toBe(200);
    found.push(...(res.body.changes as Array<Record<string, unknown>>));
    before = res.body.next as string | null;
  } while (before);
  return found.reverse();
}

/** Chooses the pages (cycle 0) and takes their first readings (cycle 1). */
async function baseline(made: WatchApp) {
  await made.tick(0);
  expect((await made.tick(1)).read).toBe(WATCHED_PATHS.length);
}

describe.each(DIALECTS)('%s', (dialect) => {
  const { setup, cleanup } = watchApps(dialect);

  test('the pages that matter are watched: the start page and the sitemap; an unchanged site records nothing, whatever its dynamic parts', async () => {
    const made = await setup();
    await made.tick(0);
    const chosen = await watchedPages(made.db, made.monitorId);
    expect(chosen.map((page) => page.url).sort()).toEqual(
      WATCHED_PATHS.map((path) => `${made.site.origin}${path}`).sort(),
    );
    // Each page is due once a cycle, spread over it: its own place in the first cycle, and a cycle later after its
    // read, less at most one look (a page due in a cycle's last look shares that look's time with the others there).
    const firstDue = new Map(chosen.map((page) => [page.url, Date.parse(page.nextReadAt)]));
    expect(new Set(firstDue.values()).size).toBe(chosen.length);
    for (const due of firstDue.values()) expect(due - EPOCH).toBeGreaterThanOrEqual(0);
    for (const due of firstDue.values()) expect(due - EPOCH).toBeLessThan(CYCLE_MS);
    expect((await made.tick(1)).read).toBe(WATCHED_PATHS.length);
    for (const page of await watchedPages(made.db, made.monitorId)) {
      const due = firstDue.get(page.url)! + CYCLE_MS;
      expect(Date.parse(page.nextReadAt)).toBe(Math.min(due, EPOCH + 2 * CYCLE_MS - WATCH_TICK_MS));
    }
    // Every read has a new CSRF token, nonce, time and counter; none of them is a change.
    for (const cycle of [2, 3])
      expect(await made.tick(cycle)).toMatchObject({ read: WATCHED_PATHS.length, changes: 0 });
    expect((await made.changes()).body).toEqual({ changes: [], next: null });
  });

  test('ten changes planted at once are each listed with before and after; untouched pages list nothing', async () => {
    const made = await setup();
    await baseline(made);
    const at = (path: string) => `${made.site.origin}${path}`;
    plantTenChanges(made);
    // Ten changes; the new Disallow is two records: the rule, and the watched page it now blocks.
    // The new 404 is held at that look and recorded at the page's re-read, a minute later.
    expect(await made.tick(2)).toMatchObject({ changes: 10 });
    expect(await made.recheck(2)).toMatchObject({ changes: 1 });
    const changes = await allChanges(made);
    const detectedAt = cycleEnd(2);
    const recheckedAt = new Date(EPOCH + 2 * CYCLE_MS + 60_000).toISOString();
    const key = (change: Record<string, unknown>) => `${String(change.url)} ${String(change.field)}`;
    const ordered = (list: Array<Record<string, unknown>>) => [...list].sort((a, b) => (key(a) < key(b) ? -1 : 1));
    expect(ordered(changes)).toEqual(
      ordered(
        [
          {
            url: made.site.origin,
            field: 'robots-txt',
            before: [],
            after: ['Disallow: /contact (User-agent: *)'],
            severity: 'critical',
          },
          { url: made.site.origin, field: 'sitemap', before: [at('/news')], after: [], severity: 'warning' },
          {
            url: at('/about'),
            field: 'description',
            before: 'About of Lotus Widgets: hand-made widgets shipped across India since 2009.',
            after: 'Who we are: a workshop of twelve widget makers in Jaipur.',
            severity: 'info',
          },
          {
            url: at('/blog'),
            field: 'h1',
            before: 'Blog at Lotus Widgets',
            after: 'Stories from the workshop',
            severity: 'info',
          },
          {
            url: at('/careers'),
            field: 'status',
            before: '200',
            after: '404',
            severity: 'critical',
            detectedAt: recheckedAt,
          },
          {
            url: at('/contact'),
            field: 'robots-txt',
            before: 'allowed',
            after: 'blocked by robots.txt',
            severity: 'critical',
          },
          { url: at('/docs'), field: 'canonical', before: at('/docs'), after: at('/help'), severity: 'warning' },
          { url: at('/faq'), field: 'redirect', before: null, after: at('/help'), severity: 'warning' },
          {
            url: at('/legal'),
            field: 'structured-data',
            before: ['Organization', 'WebPage'],
            after: ['WebPage'],
            severity: 'warning',
          },
          {
            url: at('/pricing'),
            field: 'title',
            before: 'Pricing | Lotus Widgets',
            after: 'Pricing plans from ₹499 | Lotus Widgets',
            severity: 'warning',
          },
          { url: at('/team'), field: 'indexability', before: 'indexable', after: 'noindex', severity: 'critical' },
        ].map((change) => ({ detectedAt, ...change })),
      ),
    );
    // The next cycle sees the same pages again: nothing new.
    expect(await made.tick(3)).toMatchObject({ changes: 0 });
    // Filters: one page, one field, a time window.
    expect((await made.changes({ page: at('/team') })).body.changes).toMatchObject([{ field: 'indexability' }]);
    expect((await made.changes({ field: 'title' })).body.changes).toMatchObject([{ url: at('/pricing') }]);
    expect(
      (await made.changes({ since: new Date(EPOCH + 2 * CYCLE_MS + 120_000).toISOString() })).body.changes,
    ).toEqual([]);
    expect(
      (await made.changes({ until: new Date(EPOCH + 2 * CYCLE_MS + 120_000).toISOString() })).body.changes,
    ).toHaveLength(11);
  });

  /** A watched site whose alerts go to a real SMTP server; `mails()` delivers the outbox and counts them. */
  async function withMail() {
    const smtp = await startSmtpFixture();
    cleanup.push(() => smtp.close());
    const made = await setup({ SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: 'operator@agency.test' });
    const mails = async () => {
      await (made.app.locals.messaging as Messaging).deliverNow();
      return smtp.received.length;
    };
    return { made, smtp, mails };
  }

  /** The owner's choice of alerting fields, through the API. */
  const alertOn = (made: WatchApp, alertFields: string[]) =>
    request(made.app).put(`/api/monitors/${made.monitorId}/watch`).query({ token: made.manage }).send({ alertFields });

  test('a page that answers an error once and is back at its re-read is one blip, held and never alerted as a change', async () => {
    const { made, smtp, mails } = await withMail();
    await baseline(made);
    const about = `${made.site.origin}/about`;
    made.state.pages['/about']!.failOnce = 503;
    // The error is held: no record, no alert; the page is due again a minute later, not a cycle.
    expect(await made.tick(2)).toMatchObject({ read: WATCHED_PATHS.length, changes: 0, alerts: 0 });
    expect((await watchedPages(made.db, made.monitorId)).find((page) => page.url === about)!.nextReadAt).toBe(
      new Date(EPOCH + 2 * CYCLE_MS + 60_000).toISOString(),
    );
    expect(await made.recheck(2)).toMatchObject({ changes: 1, alerts: 0 });
    const blip = { url: about, field: 'blip', before: '200', after: '503', severity: 'info' };
    expect((await made.changes()).body.changes).toEqual([
      { ...blip, detectedAt: new Date(EPOCH + 2 * CYCLE_MS + 60_000).toISOString() },
    ]);
    // The cycle's alert: a blip is not among the default fields, so nothing goes out.
    expect(await made.tick(3)).toMatchObject({ changes: 0, alerts: 0 });
    expect(await mails()).toBe(0);
    // Read at the baseline, the error, the re-read; its next reading is a cycle after the re-read.
    expect(made.state.requests['/about']).toBe(3);
    // An owner who chose blips is told of the next one.
    expect((await alertOn(made, ['status', 'blip'])).status).toBe(200);
    made.state.pages['/blog']!.failOnce = 500;
    expect(await made.tick(4)).toMatchObject({ changes: 0, alerts: 0 });
    // The cycle's alert waited for the held page: it goes out with the blip.
    expect(await made.recheck(4)).toMatchObject({ changes: 1, alerts: 1 });
    expect(await made.tick(5)).toMatchObject({ changes: 0, alerts: 0 });
    expect(await mails()).toBe(1);
    expect(smtp.received[0]!.mail.subject).toBe(`1 change on ${made.site.hostPort}`);
  });

  test('a page that answers an error at two reads in a row is exactly one change, alerted once', async () => {
    const { made, smtp, mails } = await withMail();
    await baseline(made);
    const careers = `${made.site.origin}/careers`;
    made.state.pages['/careers']!.status = 503;
    expect(await made.tick(2)).toMatchObject({ changes: 0, alerts: 0 });
    // The cycle's alert (due at cycle 2's end) waited for the held page and goes out with its change.
    expect(await made.recheck(2)).toMatchObject({ changes: 1, alerts: 1 });
    expect(await made.tick(3)).toMatchObject({ changes: 0, alerts: 0 });
    expect(await made.tick(4)).toMatchObject({ changes: 0, alerts: 0 });
    expect(await mails()).toBe(1);
    expect(smtp.received[0]!.mail.subject).toBe(`1 change on ${made.site.hostPort}`);
    expect((await made.changes()).body.changes).toEqual([
      {
        url: careers,
        field: 'status',
        before: '200',
        after: '503',
        severity: 'critical',
        detectedAt: new Date(EPOCH + 2 * CYCLE_MS + 60_000).toISOString(),
      },
    ]);
    // The baseline, the error, the re-read, and a cycle after the re-read (at cycle 4's look).
    expect(made.state.requests['/careers']).toBe(4);
  });

  test('robots.txt is read once a cycle per site, not at every look, and its rules are obeyed between reads', async () => {
    const made = await setup();
    made.state.robots = 'User-agent: *\nDisallow: /admin/\nDisallow: /contact\n';
    await made.tick(0);
    expect(await made.tick(1)).toMatchObject({ read: WATCHED_PATHS.length - 1, changes: 0 });
    expect(made.state.requests['/robots.txt']).toBe(2);
    // Looks within the next cycle read the pages due then, under the robots.txt of the cycle's read.
    let read = 0;
    for (const quarter of [1.25, 1.5, 1.75, 2]) {
      const look = await watchTick(made.options, new Date(EPOCH + quarter * CYCLE_MS));
      expect(look).toMatchObject({ changes: 0 });
      read += look.read;
    }
    expect(read).toBe(WATCHED_PATHS.length - 1);
    // The next cycle's reading comes at its first look with a page due: at 2 if a page's place in the cycle
    // (a hash of its URL, so of the fixture's port) fell in the last quarter, else at a later look of cycle 2.
    // Either way once in cycle 2, not at every look.
    for (const quarter of [2.25, 2.5, 2.75]) await watchTick(made.options, new Date(EPOCH + quarter * CYCLE_MS));
    expect(made.state.requests['/robots.txt']).toBe(3);
    expect(made.state.requests['/sitemap.xml']).toBe(3);
    expect(made.state.requests['/contact']).toBeUndefined();
  });

  test('a page read by a look that came after its due time is due again within a cycle of that read, not a cycle after its due time', async () => {
    const made = await setup();
    await made.tick(0);
    const first = (await watchedPages(made.db, made.monitorId)).sort((a, b) =>
      a.nextReadAt.localeCompare(b.nextReadAt),
    )[0]!;
    // The look comes 10 s after the page was due (looks are 15 s apart): it is read then (with any
    // other page due by then).
    const lookAt = Date.parse(first.nextReadAt) + 10_000;
    expect((await watchTick(made.options, new Date(lookAt))).read).toBeGreaterThanOrEqual(1);
    expect(made.state.requests[new URL(first.url).pathname]).toBe(1);
    const after = (await watchedPages(made.db, made.monitorId)).find((page) => page.url === first.url)!;
    // Due one look before a cycle from the read, so even the next look's lateness keeps it within a cycle.
    expect(after.nextReadAt).toBe(new Date(lookAt + CYCLE_MS - WATCH_TICK_MS).toISOString());
  });

  test("new monitors' pages are chosen five a look, not all in one burst", async () => {
    const made = await setup();
    for (let index = 2; index <= 7; index += 1)
      await insertMonitor(made.db, clientMonitorRow(`watchedMonitor0000000${index}`, made.site.origin));
    const chosen = async () =>
      (await made.db.selectFrom('monitor_watch_pages').select('monitor_id').distinct().execute()).length;
    await made.tick(0);
    expect(await chosen()).toBe(5);
    await watchTick(made.options, new Date(EPOCH + 15_000));
    expect(await chosen()).toBe(7);
    expect(made.state.requests['/sitemap.xml']).toBe(7);
  });

  test('the changes API: the manage token, and a 400 with a message for every bad filter', async () => {
    const made = await setup();
    const bad = async (query: Record<string, string>, error: string) => {
      const res = await made.changes(query);
      expect([res.status, res.body]).toEqual([400, { error }]);
    };
    await bad(
      { field: 'colour' },
      expect.stringContaining('Field must be one of: status, redirect, title') as unknown as string,
    );
    await bad({ limit: '0' }, 'Limit must be a whole number from 1 to 200');
    await bad({ limit: '500' }, 'Limit must be a whole number from 1 to 200');
    await bad({ since: 'yesterday' }, 'Since must be an ISO time such as 2026-11-29T06:00:00Z');
    await bad({ before: 'abc' }, 'Before must be the next value of a previous answer');
    const forged = await made.changes({ token: 'forged.token' });
    expect([forged.status, forged.body]).toEqual([403, { error: 'This link is not valid for this monitor.' }]);
  });
});
