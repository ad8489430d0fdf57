import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { once } from 'node:events';
import { expect, onTestFinished, test } from 'vitest';
import { startConnectProxy } from '#test/fixtures/connect-proxy.ts';
import { createSafeFetcher, FetchError, type KeepAliveOptions } from './index.ts';
import { rejectionOf } from '#test/helpers/async.ts';

const UA = 'keep-alive-test';

/** One TCP connection the server accepted: the Host headers and paths it carried, and when it closed. */
interface Connection {
  hosts: string[];
  paths: string[];
  closed: Promise<void>;
}

/**
 * A loopback server that records its connections and never closes an idle one itself (its keep-alive
 * timeout is a minute): a connection that closes was closed by the client. `handler` answers.
 */
async function countingServer(handler: http.RequestListener, host = '127.0.0.1', port = 0) {
  const connections: Connection[] = [];
  const bySocket = new Map<Socket, Connection>();
  const server = http.createServer((req, res) => {
    const connection = bySocket.get(req.socket)!;
    connection.hosts.push(req.headers.host ?? '');
    connection.paths.push(req.url ?? '');
    handler(req, res);
  });
  server.keepAliveTimeout = 60_000;
  server.on('connection', (socket: Socket) => {
    // A close after a reset is still a close (events.once would reject on the socket's error).
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const connection = { hosts: [], paths: [], closed };
    connections.push(connection);
    bySocket.set(socket, connection);
  });
  server.listen(port, host);
  await once(server, 'listening');
  onTestFinished(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { connections, port: (server.address() as AddressInfo).port };
}

const answer: http.RequestListener = (req, res) => {
  if (req.url === '/big') return void res.end('x'.repeat(256 * 1024));
  if (req.url === '/hang') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    return void res.write('partial');
  }
  res.end(`page ${req.url}`);
};

/** A fetcher whose host names (a.test, b.test, ...) all resolve to `address`, each allowed on `port`. */
function fetcherFor(port: number, keepAlive: boolean | KeepAliveOptions, address = () => '127.0.0.1') {
  const fetcher = createSafeFetcher({
    userAgent: UA,
    allowPrivate: ['127.0.0.1', 'a.test', 'b.test', 'c.test'].map((host) => `${host}:${port}`),
    resolver: async () => [{ address: address(), family: 4 }],
    keepAlive,
  });
  onTestFinished(() => fetcher.close?.());
  return fetcher;
}

async function bodies(fetcher: ReturnType<typeof fetcherFor>, urls: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const url of urls) out.push((await fetcher.fetch(url)).body.toString());
  return out;
}

test('with keepAlive, sequential GETs share one connection; without it, each opens its own', async () => {
  const site = await countingServer(answer);
  const urls = [1, 2, 3, 4, 5].map((n) => `http://127.0.0.1:${site.port}/p${n}`);
  expect(await bodies(fetcherFor(site.port, true), urls)).toEqual([
    'page /p1',
    'page /p2',
    'page /p3',
    'page /p4',
    'page /p5',
  ]);
  expect(site.connections.map((connection) => connection.paths)).toEqual([['/p1', '/p2', '/p3', '/p4', '/p5']]);
  await bodies(fetcherFor(site.port, false), urls);
  expect(site.connections.length).toBe(6);
});

test('two host names on the same address never share a socket', async () => {
  const site = await countingServer(answer);
  const fetcher = fetcherFor(site.port, true);
  const urls = ['a.test', 'b.test', 'a.test', 'b.test'].map((host) => `http://${host}:${site.port}/`);
  expect(await bodies(fetcher, urls)).toEqual(['page /', 'page /', 'page /', 'page /']);
  expect(site.connections.map((connection) => connection.hosts)).toEqual([
    [`a.test:${site.port}`, `a.test:${site.port}`],
    [`b.test:${site.port}`, `b.test:${site.port}`],
  ]);
});

test('a host name that now resolves to another address gets a connection to that address, not its old socket', async () => {
  const first = await countingServer((_req, res) => res.end('first address'));
  const second = await countingServer((_req, res) => res.end('second address'), '127.0.0.2', first.port);
  let address = '127.0.0.1';
  const fetcher = fetcherFor(first.port, true, () => address);
  expect(await bodies(fetcher, [`http://a.test:${first.port}/`])).toEqual(['first address']);
  address = '127.0.0.2';
  expect(await bodies(fetcher, [`http://a.test:${first.port}/`])).toEqual(['second address']);
  expect([first.connections.length, second.connections.length]).toEqual([1, 1]);
});

test('a body truncated at maxBytes does not give its socket back: the next GET opens a new connection', async () => {
  const site = await countingServer(answer);
  const fetcher = fetcherFor(site.port, true);
  const big = await fetcher.fetch(`http://127.0.0.1:${site.port}/big`, { maxBytes: 10, onTooLarge: 'truncate' });
  expect([big.truncated, big.body.toString()]).toEqual([true, 'xxxxxxxxxx']);
  await site.connections[0].closed;
  expect(await bodies(fetcher, [`http://127.0.0.1:${site.port}/after`, `http://127.0.0.1:${site.port}/again`])).toEqual(
    ['page /after', 'page /again'],
  );
  expect(site.connections.map((connection) => connection.paths)).toEqual([['/big'], ['/after', '/again']]);
});

test('an aborted request does not give its socket back: the next GET opens a new connection', async () => {
  const site = await countingServer(answer);
  const fetcher = fetcherFor(site.port, true);
  const controller = new AbortController();
  const hanging = await fetcher.stream(`http://127.0.0.1:${site.port}/hang`, { signal: controller.signal });
  const iterator = hanging.body[Symbol.asyncIterator]();
  expect(String((await iterator.next()).value)).toBe('partial');
  controller.abort();
  await expect(iterator.next()).rejects.toThrow('The request was cancelled.');
  await site.connections[0].closed;
  expect(await bodies(fetcher, [`http://127.0.0.1:${site.port}/after`])).toEqual(['page /after']);
  expect(site.connections.map((connection) => connection.paths)).toEqual([['/hang'], ['/after']]);
});

test('a redirect hop and a HEAD do not keep their sockets', async () => {
  const site = await countingServer((req, res) => {
    if (req.url === '/from') return void res.writeHead(301, { location: '/to' }).end('moved');
    answer(req, res);
  });
  const fetcher = fetcherFor(site.port, true);
  expect((await fetcher.fetch(`http://127.0.0.1:${site.port}/from`)).body.toString()).toBe('page /to');
  const head = await fetcher.fetch(`http://127.0.0.1:${site.port}/head`, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect((await fetcher.fetch(`http://127.0.0.1:${site.port}/last`)).body.toString()).toBe('page /last');
  expect(site.connections.map((connection) => connection.paths)).toEqual([['/from'], ['/to', '/last'], ['/head']]);
});

test('a kept socket the server closed before answering is retried once on a new connection, not failed', async () => {
  const site = await countingServer((req, res) => {
    // The second request on a connection finds it closed, as when a server's idle timeout races ours.
    if (req.url === '/second') return void req.socket.destroy();
    answer(req, res);
  });
  const fetcher = fetcherFor(site.port, true);
  expect(await bodies(fetcher, [`http://127.0.0.1:${site.port}/first`])).toEqual(['page /first']);
  const retried = fetcher.fetch(`http://127.0.0.1:${site.port}/second`);
  // The retry's own connection closes on /second too: that failure is the page's, reported as such.
  const error = await rejectionOf(retried, FetchError);
  expect(error).toMatchObject({ code: 'network', systemCode: 'ECONNRESET' });
  expect(site.connections.map((connection) => connection.paths)).toEqual([['/first', '/second'], ['/second']]);
});

test('a server that closes its idle connections costs no page: the one retry gets the answer', async () => {
  let closeNext = false;
  const site = await countingServer((req, res) => {
    if (closeNext) {
      closeNext = false;
      return void req.socket.destroy();
    }
    answer(req, res);
  });
  const fetcher = fetcherFor(site.port, true);
  expect(await bodies(fetcher, [`http://127.0.0.1:${site.port}/first`])).toEqual(['page /first']);
  closeNext = true;
  expect(await bodies(fetcher, [`http://127.0.0.1:${site.port}/second`])).toEqual(['page /second']);
  expect(site.connections.map((connection) => connection.paths)).toEqual([['/first', '/second'], ['/second']]);
});

test('an idle socket is closed by the fetcher after its idle timeout', async () => {
  const site = await countingServer(answer);
  const fetcher = fetcherFor(site.port, { idleTimeoutMs: 20 });
  await bodies(fetcher, [`http://127.0.0.1:${site.port}/one`]);
  // The server never closes an idle connection (a minute): this close is the client's.
  await site.connections[0].closed;
  await bodies(fetcher, [`http://127.0.0.1:${site.port}/two`]);
  expect(site.connections.map((connection) => connection.paths)).toEqual([['/one'], ['/two']]);
});

test("past maxKeys the least recently used key's agent is retired and its idle socket closed", async () => {
  const site = await countingServer(answer);
  const fetcher = fetcherFor(site.port, { maxKeys: 2 });
  const url = (host: string) => `http://${host}.test:${site.port}/`;
  await bodies(fetcher, [url('a'), url('b'), url('a'), url('c')]);
  // a was used after b, so b is the one evicted by c.
  await site.connections[1].closed;
  await bodies(fetcher, [url('a'), url('b')]);
  expect(site.connections.map((connection) => connection.hosts.map((host) => host[0]))).toEqual([
    ['a', 'a', 'a'],
    ['b'],
    ['c'],
    ['b'],
  ]);
});

test('close() ends the idle sockets; the fetcher still works after it, on connections of their own', async () => {
  const site = await countingServer(answer);
  const fetcher = fetcherFor(site.port, true);
  await bodies(fetcher, [`http://127.0.0.1:${site.port}/one`]);
  fetcher.close?.();
  await site.connections[0].closed;
  await bodies(fetcher, [`http://127.0.0.1:${site.port}/two`, `http://127.0.0.1:${site.port}/three`]);
  expect(site.connections.map((connection) => connection.paths)).toEqual([['/one'], ['/two'], ['/three']]);
});

test('through a proxy nothing is kept: every GET has a tunnel of its own', async () => {
  const site = await countingServer(answer);
  const proxy = await startConnectProxy();
  onTestFinished(() => proxy.close());
  const fetcher = createSafeFetcher({
    userAgent: UA,
    allowPrivate: [`127.0.0.1:${site.port}`],
    proxy: new URL(proxy.origin),
    keepAlive: true,
  });
  expect(
    await bodies(
      fetcher,
      [1, 2, 3].map((n) => `http://127.0.0.1:${site.port}/p${n}`),
    ),
  ).toEqual(['page /p1', 'page /p2', 'page /p3']);
  expect(proxy.tunnels.length).toBe(3);
  // Each tunnel's upstream connection carried its request: none reached the site around the proxy.
  expect(site.connections.map((connection) => connection.paths)).toEqual([['/p1'], ['/p2'], ['/p3']]);
});
