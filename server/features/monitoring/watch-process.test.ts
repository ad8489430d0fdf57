import { X509Certificate } from 'node:crypto';
import { afterEach, expect, test } from 'vitest';
import { databaseFile, openDatabase } from '#db/index.ts';
import { listChanges } from '#db/monitoring/changes.ts';
import { insertMonitor } from '#db/monitoring/monitors.ts';
import { startTlsSite, testCertificates } from '#test/fixtures/test-ca.ts';
import { clientMonitorRow } from '#test/helpers/monitor-watch.ts';
import { operatorServerEnv, startServerProcess } from '#test/helpers/server-process.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

// The built server's start, and its watch's next 15 s slot: seconds on a busy machine.
test(
  'the built server, trusting a test CA through NODE_EXTRA_CA_CERTS, reports that a watched site’s certificate expires in 10 days',
  { timeout: 90_000 },
  async () => {
    const certs = testCertificates(10);
    const origin = await startTlsSite(certs, closers);
    const env = operatorServerEnv('watch-tls');
    // The CA is trusted the way an operator trusts one: Node reads NODE_EXTRA_CA_CERTS at the process' start.
    const server = startServerProcess({
      ...env,
      NODE_EXTRA_CA_CERTS: certs.caFile,
      FETCH_ALLOW_PRIVATE: new URL(origin).host,
    });
    closers.push(() => server.kill());
    await server.port;
    const db = await openDatabase(databaseFile(env.DATA_DIR!));
    closers.push(() => db.destroy());
    const monitorId = 'tlsWatchedMonitor00001';
    await insertMonitor(db, clientMonitorRow(monitorId, origin));
    const validTo = new Date(new X509Certificate(certs.cert).validTo).toISOString().slice(0, 10);
    // The server's own watch job finds the monitor at its next slot; its first reading of a certificate
    // already in trouble is the record.
    await expect
      .poll(() => listChanges(db, monitorId, { limit: 10 }), { timeout: 60_000, interval: 200 })
      .toMatchObject([
        {
          url: origin,
          field: 'certificate',
          before: null,
          after: `expires on ${validTo} (within 14 days)`,
          severity: 'warning',
        },
      ]);
  },
);
