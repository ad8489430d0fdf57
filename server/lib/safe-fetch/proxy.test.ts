import https from 'node:https';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { expect, onTestFinished, test } from 'vitest';
import { startConnectProxy } from '#test/fixtures/connect-proxy.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { createSafeFetcher, FetchError } from './index.ts';
import { rejectionOf } from '#test/helpers/async.ts';

const UA = 'test-bot';

const failure = (promise: Promise<unknown>) => rejectionOf(promise, FetchError);

async function proxyAndSite(handler: Parameters<typeof startLoopbackServer>[0], proxyOptions?: { refuse?: boolean }) {
  const proxy = await startConnectProxy(proxyOptions);
  const site = await startLoopbackServer(handler);
  onTestFinished(async () => {
    await site.close();
    await proxy.close();
  });
  return { proxy, site };
}

test('through MEDIA_PROXY_URL the tunnel goes to the checked address, never the name; Host and credentials are kept', async () => {
  let host = '';
  const { proxy, site } = await proxyAndSite((req, res) => {
    host = req.headers.host ?? '';
    res.end('through the proxy');
  });
  const fetcher = createSafeFetcher({
    allowPrivate: [`media.test:${site.port}`],
    userAgent: UA,
    resolver: async () => [{ address: '127.0.0.1', family: 4 }],
    proxy: new URL(`http://user:p%40ss@${new URL(proxy.origin).host}`),
  });
  const res = await fetcher.fetch(`http://media.test:${site.port}/video`);
  expect([res.status, res.body.toString()]).toEqual([200, 'through the proxy']);
  expect(proxy.tunnels).toEqual([`127.0.0.1:${site.port}`]);
  expect(host).toBe(`media.test:${site.port}`);
  expect(proxy.authorizations).toEqual([`Basic ${Buffer.from('user:p@ss').toString('base64')}`]);
});

test('a forbidden target is refused before the proxy hears of it', async () => {
  const { proxy } = await proxyAndSite((_req, res) => res.end('never'));
  const fetcher = createSafeFetcher({ userAgent: UA, proxy: new URL(proxy.origin) });
  for (const target of [
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.7/',
    'http://[::1]/',
    'http://127.0.0.1:9/',
  ]) {
    expect((await failure(fetcher.fetch(target))).code).toBe('forbidden-address');
  }
  expect(proxy.tunnels).toEqual([]);
});

test('every redirect hop is checked again: a hop to a private address never reaches the proxy', async () => {
  const { proxy, site } = await proxyAndSite((_req, res) =>
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  );
  const fetcher = createSafeFetcher({ allowPrivate: [site.hostPort], userAgent: UA, proxy: new URL(proxy.origin) });
  const error = await failure(fetcher.fetch(`${site.origin}/start`));
  expect([error.code, error.kind]).toEqual(['forbidden-address', 'invalid-input']);
  expect(proxy.tunnels).toEqual([site.hostPort]);
});

test('https runs end to end inside the tunnel: the certificate is still checked against the site', async () => {
  const proxy = await startConnectProxy();
  const tlsDir = new URL('../../../test/fixtures/tls/', import.meta.url);
  const secure = https.createServer(
    { key: readFileSync(new URL('self-signed.key', tlsDir)), cert: readFileSync(new URL('self-signed.crt', tlsDir)) },
    (_req, res) => res.end('ok'),
  );
  secure.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    await proxy.close();
    secure.closeAllConnections();
    await new Promise<void>((resolve) => secure.close(() => resolve()));
  });
  const { port } = secure.address() as AddressInfo;
  const fetcher = createSafeFetcher({
    allowPrivate: [`127.0.0.1:${port}`],
    userAgent: UA,
    proxy: new URL(proxy.origin),
  });
  expect(await failure(fetcher.fetch(`https://127.0.0.1:${port}/`))).toMatchObject({ code: 'tls', kind: 'upstream' });
  expect(proxy.tunnels).toEqual([`127.0.0.1:${port}`]);
});

test('a proxy that refuses or is down is named in the error', async () => {
  const { proxy, site } = await proxyAndSite((_req, res) => res.end('never'), { refuse: true });
  const fetcher = createSafeFetcher({ allowPrivate: [site.hostPort], userAgent: UA, proxy: new URL(proxy.origin) });
  const refused = await failure(fetcher.fetch(`${site.origin}/`));
  expect([refused.code, refused.message]).toEqual([
    'network',
    `The media proxy (MEDIA_PROXY_URL) refused to connect to ${site.hostPort} (HTTP 403).`,
  ]);
  const down = createSafeFetcher({
    allowPrivate: [site.hostPort],
    userAgent: UA,
    proxy: new URL('http://127.0.0.1:9'),
  });
  expect((await failure(down.fetch(`${site.origin}/`))).message).toBe(
    'The media proxy (MEDIA_PROXY_URL) could not be reached (ECONNREFUSED).',
  );
});
