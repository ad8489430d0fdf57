import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { getSiteAudit, insertSiteAudit } from '#db/site-audits.ts';
import { SITE_AUDIT_LIMITS } from '#server/config/site-audit-defaults.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import { createTimeSlicer } from '#server/lib/crawler/time-slice.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { servePlanted, storedAudit } from '#test/helpers/stored-audit.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { runAuditTry, UNEXPECTED_FAILURE, type AuditRunDeps } from '../run.ts';
import { LOCAL_READERS, readerHeapMb } from './local-reads.ts';

/*
 * An audit analysed from the store reads its pages in reader threads of its process (decision 0073): the audit
 * it stores is the one its own thread's reads store, row for row; a reader that dies fails the audit, never a
 * page; a cancelled audit leaves no request open.
 */

const slicer = createTimeSlicer();
const CREATED = '2026-11-30T06:00:00Z';

describe.each(DIALECTS)('reader threads on %s', (dialect) => {
  let db: Db;
  const closing: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const served of closing.splice(0)) await served.close();
    await closeTestDatabase(db);
  });

  async function audit(
    origin: string,
    hostPort: string,
    id: string,
    readers: AuditRunDeps['readers'],
    options: { signal?: AbortSignal; logged?: object[]; siteChecks?: 'memory' | 'store' } = {},
  ) {
    await insertSiteAudit(db, { id, visitor: id, url: `${origin}/`, createdAt: CREATED });
    const fetcher = createSafeFetcher({
      allowPrivate: [hostPort],
      userAgent: `${CRAWLER_BOT_NAME}/1.0 (+http://localhost/site-audit)`,
      // One fixed instant, here and in the readers (`stillClock`): timings are 0 either way.
      clock: () => 0,
      keepAlive: true,
    });
    try {
      return await runAuditTry(
        {
          db,
          fetcher,
          // One request at a time: pages get their ids in the same order both ways.
          limits: { ...SITE_AUDIT_LIMITS, concurrency: 1 },
          keep: 100,
          writeBatch: 5,
          siteChecks: options.siteChecks ?? 'store',
          slicer,
          now: () => new Date('2026-11-30T07:00:00Z'),
          readers,
          log: { info: (obj) => options.logged?.push(obj), warn: () => undefined },
        },
        {
          id,
          input: { visitor: id, url: `${origin}/`, httpFallback: false, createdAt: CREATED },
          signal: options.signal ?? new AbortController().signal,
          progress: () => undefined,
        },
      );
    } finally {
      fetcher.close?.();
    }
  }

  const readersFor = (hostPort: string, threads: number) => ({
    threads,
    fetcherConfig: { fetchAllowPrivate: [hostPort], siteUrl: 'http://localhost', stillClock: true },
  });

  test('the planted site read by two reader threads: the same summary, report, issue and page rows, and CSV', async () => {
    db = await openTestDatabase(dialect);
    const served = await servePlanted(closing, 60_000);
    expect(await audit(served.origin, served.hostPort, 'here', readersFor(served.hostPort, 0))).toBe('done');
    const requestsHere = served.requests.length;
    const logged: object[] = [];
    expect(await audit(served.origin, served.hostPort, 'threads', readersFor(served.hostPort, 2), { logged })).toBe(
      'done',
    );
    const [threads, here] = [await storedAudit(db, 'threads'), await storedAudit(db, 'here')];
    expect(threads).toStrictEqual(here);
    expect(threads.crawled).toBeGreaterThan(50);
    // As many requests as reading here; the reader threads read every page but the start URL's.
    expect(served.requests.length - requestsHere).toBe(requestsHere);
    const done = logged.find((line) => 'readers' in line) as { readers: Record<string, number> };
    expect(done.readers[LOCAL_READERS]).toBeGreaterThan(threads.crawled - 5);
    // A thread's start and two audits: more than the default 20 s on a loaded machine.
  }, 60_000);

  test('an audit analysed in memory reads its pages in its own thread, readers or not', async () => {
    db = await openTestDatabase(dialect);
    const served = await servePlanted(closing);
    const logged: object[] = [];
    const readers = readersFor(served.hostPort, 2);
    expect(await audit(served.origin, served.hostPort, 'memory', readers, { logged, siteChecks: 'memory' })).toBe(
      'done',
    );
    expect(logged.find((line) => 'readers' in line)).toBeUndefined();
    expect(logged).toContainEqual(expect.objectContaining({ audit: 'memory', pages: expect.any(Number) }));
  });

  test('a reader thread that dies fails the audit with the unexpected failure, and no page is reported unreachable', async () => {
    db = await openTestDatabase(dialect);
    const served = await servePlanted(closing);
    const dying = {
      ...readersFor(served.hostPort, 1),
      entry: new URL('../../../../test/fixtures/dying-reader.mjs', import.meta.url),
    };
    expect(await audit(served.origin, served.hostPort, 'dies', dying)).toBe('failed');
    expect(await getSiteAudit(db, 'dies')).toMatchObject({ status: 'failed', error: UNEXPECTED_FAILURE });
  });

  test('a cancelled audit leaves none of its readers’ requests open', async () => {
    db = await openTestDatabase(dialect);
    let arrived!: () => void;
    const held = new Promise<void>((resolve) => (arrived = resolve));
    let closed!: () => void;
    const released = new Promise<void>((resolve) => (closed = resolve));
    const site = await startLoopbackServer((req, res) => {
      if (req.url === '/') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><title>Home</title><a href="/held">held</a>');
      }
      if (req.url === '/held') {
        req.socket.on('close', () => closed());
        return arrived();
      }
      res.writeHead(404).end();
    });
    closing.push(site);
    const cancel = new AbortController();
    const outcome = audit(site.origin, site.hostPort, 'cancelled', readersFor(site.hostPort, 1), {
      signal: cancel.signal,
    });
    await held;
    cancel.abort('cancel');
    expect(await outcome).toBe('cancelled');
    await released;
  });
});

test('a reader thread’s heap ceiling has room for every page fetched at once at its size limit', () => {
  expect(readerHeapMb({ concurrency: 8, maxPageBytes: 5 * 1024 ** 2 })).toBe(48 + 120);
  expect(readerHeapMb({ concurrency: 1, maxPageBytes: 1024 })).toBe(49);
});
