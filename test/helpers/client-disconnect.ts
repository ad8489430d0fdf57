import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { BulkCheckSite } from '#test/fixtures/bulk-check-site.ts';

/**
 * Posts `body` to `path` on a real socket, waits until `site` has the request for `hangPath`,
 * then hangs up like a browser tab being closed, and resolves once the app has cancelled its
 * own request to `site` (its socket closed). It never resolves if the app keeps working.
 */
export async function disconnectDuringCheck(
  app: Express,
  path: string,
  body: unknown,
  site: BulkCheckSite,
  hangPath = '/hang',
): Promise<void> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const client = http.request({
      port: (server.address() as AddressInfo).port,
      host: '127.0.0.1',
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    client.on('error', () => undefined);
    client.end(JSON.stringify(body));
    await site.requested(hangPath);
    client.destroy();
    await site.closed(hangPath);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
