import type http from 'node:http';
import { X509Certificate as X509 } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { listChanges } from '#db/monitoring/changes.ts';
import { insertMonitor } from '#db/monitoring/monitors.ts';
import { ensureWatch } from '#db/monitoring/watch.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { startTlsSite, testCertificates } from '#test/fixtures/test-ca.ts';
import { clientMonitorRow } from '#test/helpers/monitor-watch.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { checkSite } from './watch-site.ts';

const DAY_MS = 86_400_000;

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function monitorOf(db: Db, origin: string): Promise<string> {
  const id = `siteWatch${Math.random().toString(36).slice(2, 12)}`;
  await insertMonitor(db, clientMonitorRow(id, origin));
  // The watch's row, as a tick's lease makes it.
  await ensureWatch(db, id, new Date().toISOString());
  return id;
}

describe.each(DIALECTS)('%s', (dialect) => {
  const look = async (db: Db, fetcher: ReturnType<typeof createSafeFetcher>, id: string, origin: string, at: Date) =>
    checkSite({ db, fetcher, intervalMs: 900_000 }, id, origin, at);

  test('a real TLS server whose certificate (from a test CA) expires in 10 days is reported; so are an untrusted chain and another name', async () => {
    const db = await openTestDatabase(dialect);
    closers.push(() => closeTestDatabase(db));
    const certs = testCertificates(10);
    const origin = await startTlsSite(certs, closers);
    const port = new URL(origin).port;
    const trusting = createSafeFetcher({ allowPrivate: [`127.0.0.1:${port}`], userAgent: 'test', tlsCa: certs.ca });
    const id = await monitorOf(db, origin);
    const now = new Date();
    await look(db, trusting, id, origin, now);
    const validTo = new Date(new X509(certs.cert).validTo).toISOString().slice(0, 10);
    const expected = {
      url: origin,
      field: 'certificate',
      before: null,
      after: `expires on ${validTo} (within 14 days)`,
      severity: 'warning',
    };
    expect(await listChanges(db, id, { limit: 10 })).toMatchObject([expected]);
    // The same state a cycle later is no news; seven days on it is critical.
    await look(db, trusting, id, origin, new Date(now.getTime() + 900_000));
    await look(db, trusting, id, origin, new Date(now.getTime() + 4 * DAY_MS));
    expect((await listChanges(db, id, { limit: 10 })).map((change) => [change.after, change.severity])).toEqual([
      [`expires on ${validTo} (within 7 days)`, 'critical'],
      [`expires on ${validTo} (within 14 days)`, 'warning'],
    ]);

    // Not trusted: the system roots do not know the test CA.
    const untrusted = await monitorOf(db, origin);
    await look(
      db,
      createSafeFetcher({ allowPrivate: [`127.0.0.1:${port}`], userAgent: 'test' }),
      untrusted,
      origin,
      now,
    );
    expect(await listChanges(db, untrusted, { limit: 10 })).toMatchObject([
      { field: 'certificate', before: null, after: 'invalid: its certificate is self-signed', severity: 'critical' },
    ]);
    // Signed by the trusted CA, for another name.
    const other = testCertificates(90, 'DNS:shop.example');
    const otherOrigin = await startTlsSite(other, closers);
    const misnamed = await monitorOf(db, otherOrigin);
    const otherFetcher = createSafeFetcher({
      allowPrivate: [`127.0.0.1:${new URL(otherOrigin).port}`],
      userAgent: 'test',
      tlsCa: other.ca,
    });
    await look(db, otherFetcher, misnamed, otherOrigin, now);
    expect(await listChanges(db, misnamed, { limit: 10 })).toMatchObject([
      { field: 'certificate', after: 'invalid: its certificate is for a different host name', severity: 'critical' },
    ]);
  });

  test('a host variant that stops redirecting to the preferred host is reported once', async () => {
    const db = await openTestDatabase(dialect);
    closers.push(() => closeTestDatabase(db));
    const state = { wwwRedirects: true };
    const site = await startLoopbackServer((req: http.IncomingMessage, res: http.ServerResponse) => {
      const host = req.headers.host ?? '';
      if (host.startsWith('www.') && state.wwwRedirects) {
        res.writeHead(301, { location: `http://${host.slice(4)}/` });
        res.end();
        return;
      }
      res.writeHead(req.url === '/robots.txt' ? 404 : 200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Shop</title>');
    });
    closers.push(() => site.close());
    const origin = `http://shop.test:${site.port}`;
    const fetcher = createSafeFetcher({
      allowPrivate: [`shop.test:${site.port}`, `www.shop.test:${site.port}`],
      userAgent: 'test',
      resolver: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const id = await monitorOf(db, origin);
    const at = (cycle: number) => new Date(Date.UTC(2031, 0, 1) + cycle * 900_000);
    await look(db, fetcher, id, origin, at(0));
    await look(db, fetcher, id, origin, at(1));
    expect(await listChanges(db, id, { limit: 10 })).toEqual([]);
    state.wwwRedirects = false;
    await look(db, fetcher, id, origin, at(2));
    await look(db, fetcher, id, origin, at(3));
    expect(await listChanges(db, id, { limit: 10 })).toMatchObject([
      {
        url: origin,
        field: 'host-variants',
        before: [],
        after: [`http://www.shop.test:${site.port}/ answers 200 without redirecting`],
        severity: 'warning',
      },
    ]);
  });
});
