import https from 'node:https';
import zlib from 'node:zlib';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '#test/fixtures/loopback.ts';
import { createSafeFetcher, FetchError, type FetchOptions } from './index.ts';
import { rejectionOf } from '#test/helpers/async.ts';

const UA = 'DelhiSeoToolsBot/1.0 (+http://localhost:3000)';

function fetcherFor(...servers: LoopbackServer[]) {
  return createSafeFetcher({ allowPrivate: servers.map((server) => server.hostPort), userAgent: UA });
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, FetchError);

async function fetchFrom(server: LoopbackServer, path: string, options?: FetchOptions) {
  return fetcherFor(server).fetch(`${server.origin}${path}`, options);
}

test('a plain GET returns status, lower-case headers, body, timings and the identifying User-Agent', async () => {
  let seenAgent = '';
  const server = await startLoopbackServer((req, res) => {
    seenAgent = req.headers['user-agent'] ?? '';
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end('<h1>Hello</h1>');
  });
  const res = await fetchFrom(server, '/page');
  await server.close();
  expect(seenAgent).toBe(UA);
  expect(res).toMatchObject({
    url: `${server.origin}/page`,
    status: 200,
    truncated: false,
    encoding: null,
    redirects: [],
    remoteAddress: '127.0.0.1',
  });
  expect(res.headers['x-robots-tag']).toBe('noindex');
  expect(res.body.toString()).toBe('<h1>Hello</h1>');
  expect(res.timings.totalMs).toBeGreaterThanOrEqual(res.timings.ttfbMs);
});

test('loopback is refused without an allowPrivate entry, and nothing connects', async () => {
  const server = await startLoopbackServer((_req, res) => res.end('secret'));
  const error = await failure(createSafeFetcher({ userAgent: UA }).fetch(`${server.origin}/`));
  await server.close();
  expect(error).toMatchObject({ code: 'forbidden-address', kind: 'invalid-input' });
  expect(server.connections()).toBe(0);
});

test('a redirect hop to a forbidden address is refused before connecting to it', async () => {
  const internal = await startLoopbackServer((_req, res) => res.end('internal admin'));
  const entry = await startLoopbackServer((req, res) => {
    const targets: Record<string, string> = {
      '/to-internal': `${internal.origin}/admin`,
      '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
      '/to-decimal': `http://2130706433:${internal.port}/`,
    };
    res.writeHead(302, { Location: targets[req.url ?? ''] ?? '/' }).end();
  });
  const fetcher = fetcherFor(entry);
  for (const path of ['/to-internal', '/to-metadata', '/to-decimal']) {
    const error = await failure(fetcher.fetch(`${entry.origin}${path}`));
    expect(error, path).toMatchObject({ code: 'forbidden-address', kind: 'invalid-input' });
    expect(error.redirects[0]).toMatchObject({ url: `${entry.origin}${path}`, status: 302 });
  }
  expect(internal.connections()).toBe(0);
  await Promise.all([internal.close(), entry.close()]);
});

test('a host name is resolved once and the socket connects to the checked address (no rebinding)', async () => {
  let hostHeader = '';
  const server = await startLoopbackServer((req, res) => {
    hostHeader = req.headers.host ?? '';
    res.end('ok');
  });
  const lookups: string[] = [];
  const fetcher = createSafeFetcher({
    allowPrivate: [`fixture.test:${server.port}`],
    userAgent: UA,
    resolver: async (hostname) => {
      lookups.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    },
  });
  const res = await fetcher.fetch(`http://fixture.test:${server.port}/`);
  await server.close();
  expect(res.body.toString()).toBe('ok');
  expect(lookups).toEqual(['fixture.test']);
  expect(hostHeader).toBe(`fixture.test:${server.port}`);
});

test('redirects are followed and recorded hop by hop; maxRedirects 0 returns the 3xx as is', async () => {
  const server = await startLoopbackServer((req, res) => {
    if (req.url === '/a') return void res.writeHead(301, { Location: '/b' }).end();
    if (req.url === '/b') return void res.writeHead(308, { Location: '/c?x=1' }).end();
    res.end(`final ${req.url}`);
  });
  const fetcher = fetcherFor(server);
  const res = await fetcher.fetch(`${server.origin}/a`);
  expect(res.url).toBe(`${server.origin}/c?x=1`);
  expect(res.body.toString()).toBe('final /c?x=1');
  expect(res.redirects).toEqual([
    { url: `${server.origin}/a`, status: 301, location: `${server.origin}/b` },
    { url: `${server.origin}/b`, status: 308, location: `${server.origin}/c?x=1` },
  ]);
  const raw = await fetcher.fetch(`${server.origin}/a`, { maxRedirects: 0 });
  await server.close();
  expect(raw).toMatchObject({ status: 301, redirects: [] });
  expect(raw.headers.location).toBe('/b');
});

test('a redirect loop ends with a redirect-loop 502, and a long chain with too-many-redirects', async () => {
  const server = await startLoopbackServer((req, res) => {
    if (req.url === '/loop-a') return void res.writeHead(302, { Location: '/loop-b' }).end();
    if (req.url === '/loop-b') return void res.writeHead(302, { Location: '/loop-a' }).end();
    const n = Number(req.url?.slice('/chain/'.length));
    res.writeHead(302, { Location: `/chain/${n + 1}` }).end();
  });
  const fetcher = fetcherFor(server);
  const loop = await failure(fetcher.fetch(`${server.origin}/loop-a`));
  expect(loop).toMatchObject({ code: 'redirect-loop', kind: 'upstream' });
  expect(loop.redirects.map((hop) => hop.url)).toEqual([`${server.origin}/loop-a`, `${server.origin}/loop-b`]);
  const chain = await failure(fetcher.fetch(`${server.origin}/chain/0`, { maxRedirects: 3 }));
  await server.close();
  expect(chain).toMatchObject({
    code: 'too-many-redirects',
    kind: 'upstream',
    message: 'Too many redirects (more than 3).',
  });
  expect(chain.redirects).toHaveLength(3);
});

test('a redirect to a non-http scheme or garbage is a 502 (the remote site is at fault)', async () => {
  const server = await startLoopbackServer((req, res) => {
    res.writeHead(302, { Location: req.url === '/ftp' ? 'ftp://example.com/' : 'http://exa mple.com:99999/' }).end();
  });
  const fetcher = fetcherFor(server);
  expect(await failure(fetcher.fetch(`${server.origin}/ftp`))).toMatchObject({
    code: 'unsupported-protocol',
    kind: 'upstream',
  });
  expect(await failure(fetcher.fetch(`${server.origin}/bad`))).toMatchObject({ code: 'invalid-url', kind: 'upstream' });
  await server.close();
});

test('a slow server times out within the whole-request budget', async () => {
  const server = await startLoopbackServer((_req, res) => {
    res.writeHead(200);
    res.write('start');
    // never ends: the body alone must hit the deadline
  });
  const error = await failure(fetchFrom(server, '/', { timeoutMs: 300 }));
  await server.close();
  expect(error).toMatchObject({ code: 'timeout', kind: 'upstream' });
  expect(error.message).toContain('0.3 seconds');
});

test('a server that never answers headers times out too', async () => {
  const server = await startLoopbackServer(() => undefined);
  const error = await failure(fetchFrom(server, '/', { timeoutMs: 200 }));
  await server.close();
  expect(error.code).toBe('timeout');
});

test('the byte cap stops a huge body: error by default, truncated on request', async () => {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const server = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    let sent = 0;
    const pump = () => {
      while (sent < 200 && res.write(chunk)) sent += 1;
      if (sent < 200) res.once('drain', pump);
      else res.end();
    };
    pump();
  });
  const error = await failure(fetchFrom(server, '/', { maxBytes: 100_000 }));
  expect(error).toMatchObject({ code: 'too-large', kind: 'upstream' });
  const cut = await fetchFrom(server, '/', { maxBytes: 100_000, onTooLarge: 'truncate' });
  await server.close();
  expect(cut.truncated).toBe(true);
  expect(cut.body.length).toBe(100_000);
});

test('a gzip bomb is decompressed only up to the cap, and honest gzip and brotli bodies decode', async () => {
  const bomb = zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024));
  const page = Buffer.from('<p>compressed page</p>'.repeat(100));
  const server = await startLoopbackServer((req, res) => {
    if (req.url === '/bomb') return void res.writeHead(200, { 'Content-Encoding': 'gzip' }).end(bomb);
    if (req.url === '/br')
      return void res.writeHead(200, { 'Content-Encoding': 'br' }).end(zlib.brotliCompressSync(page));
    if (req.url === '/deflate')
      return void res.writeHead(200, { 'Content-Encoding': 'deflate' }).end(zlib.deflateSync(page));
    res.writeHead(200, { 'Content-Encoding': 'gzip' }).end(zlib.gzipSync(page));
  });
  const fetcher = fetcherFor(server);
  expect(bomb.length).toBeLessThan(100_000);
  expect(await failure(fetcher.fetch(`${server.origin}/bomb`, { maxBytes: 1024 * 1024 }))).toMatchObject({
    code: 'too-large',
  });
  const cut = await fetcher.fetch(`${server.origin}/bomb`, { maxBytes: 1024 * 1024, onTooLarge: 'truncate' });
  expect(cut).toMatchObject({ truncated: true, encoding: 'gzip' });
  expect(cut.body.length).toBe(1024 * 1024);
  for (const [path, encoding] of [
    ['/gzip', 'gzip'],
    ['/br', 'br'],
    ['/deflate', 'deflate'],
  ] as const) {
    const res = await fetcher.fetch(`${server.origin}${path}`);
    expect(res.encoding, path).toBe(encoding);
    expect(res.body.equals(page), path).toBe(true);
    expect(res.bytesOnWire, path).toBeLessThan(page.length);
  }
  await server.close();
});

test('HEAD returns headers without a body, and non-HTML bodies come back untouched', async () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3]);
  const methods: string[] = [];
  const server = await startLoopbackServer((req, res) => {
    methods.push(req.method ?? '');
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length });
    res.end(req.method === 'HEAD' ? undefined : png);
  });
  const head = await fetchFrom(server, '/logo.png', { method: 'HEAD' });
  const get = await fetchFrom(server, '/logo.png');
  await server.close();
  expect(methods).toEqual(['HEAD', 'GET']);
  expect(head.body.length).toBe(0);
  expect(head.headers['content-length']).toBe(String(png.length));
  expect(get.headers['content-type']).toBe('image/png');
  expect(get.body.equals(png)).toBe(true);
});

test('POST sends its body, and a 303 turns it into a GET', async () => {
  const seen: string[] = [];
  const server = await startLoopbackServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push(`${req.method} ${req.url} ${body}`);
    if (req.url === '/submit') return void res.writeHead(303, { Location: '/done' }).end();
    res.end('done');
  });
  const res = await fetchFrom(server, '/submit', {
    method: 'POST',
    body: 'a=1',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  await server.close();
  expect(res.body.toString()).toBe('done');
  expect(seen).toEqual(['POST /submit a=1', 'GET /done ']);
});

test('a refused connection and a self-signed certificate are 502 network and tls errors', async () => {
  const closed = await startLoopbackServer(() => undefined);
  await closed.close();
  expect(await failure(fetchFrom(closed, '/'))).toMatchObject({ code: 'network', kind: 'upstream' });

  const tlsDir = new URL('../../../test/fixtures/tls/', import.meta.url);
  const secure = https.createServer(
    { key: readFileSync(new URL('self-signed.key', tlsDir)), cert: readFileSync(new URL('self-signed.crt', tlsDir)) },
    (_req, res) => res.end('ok'),
  );
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  const { port } = secure.address() as AddressInfo;
  secure.on('tlsClientError', () => undefined);
  const fetcher = createSafeFetcher({ allowPrivate: [`127.0.0.1:${port}`], userAgent: UA });
  const error = await failure(fetcher.fetch(`https://127.0.0.1:${port}/`));
  await new Promise<void>((resolve) => secure.close(() => resolve()));
  expect(error).toMatchObject({ code: 'tls', kind: 'upstream' });
});

test('stream() hands back a bounded body stream and honours a caller abort', async () => {
  const server = await startLoopbackServer((_req, res) => {
    res.writeHead(200);
    res.write('x'.repeat(1000));
  });
  const controller = new AbortController();
  const streamed = await fetcherFor(server).stream(`${server.origin}/`, {
    signal: controller.signal,
    maxBytes: 500,
    onTooLarge: 'truncate',
  });
  const chunks: Buffer[] = [];
  for await (const chunk of streamed.body) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).length).toBe(500);
  expect(streamed.truncated).toBe(true);
  const pending = fetcherFor(server).fetch(`${server.origin}/`, { signal: controller.signal });
  controller.abort();
  expect(await failure(pending)).toMatchObject({ code: 'network', message: 'The request was cancelled.' });
  await server.close();
});

test('an unread streamed body is destroyed at the deadline without crashing anything', async () => {
  const server = await startLoopbackServer((_req, res) => {
    res.writeHead(200);
    res.write('partial');
  });
  const streamed = await fetcherFor(server).stream(`${server.origin}/`, { timeoutMs: 150 });
  // The body's close is the signal that the deadline fired (nothing else ends it: the server never does).
  if (!streamed.body.closed) await new Promise((resolve) => streamed.body.once('close', resolve));
  await server.close();
  expect(streamed.body.destroyed).toBe(true);
  expect(streamed.body.errored).toMatchObject({ code: 'timeout' });
});

test('a signal aborted before the fetch starts refuses at once, and the abandoned DNS lookup cannot crash the process', async () => {
  let failLookup: (error: Error) => void = () => undefined;
  const resolver = () =>
    new Promise<Array<{ address: string; family: number }>>((_resolve, reject) => (failLookup = reject));
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const controller = new AbortController();
  controller.abort();
  const error = await failure(
    createSafeFetcher({ userAgent: UA, resolver }).fetch('https://example.com/', { signal: controller.signal }),
  );
  expect(error).toMatchObject({ code: 'network', message: 'The request was cancelled.' });
  failLookup(new Error('getaddrinfo ENOTFOUND example.com'));
  // Unhandled rejections are reported once the microtask queue drains: two turns of the loop.
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});
