import { expect, onTestFinished, test } from 'vitest';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { createRobotsGate, gatedFetch, openGate, RobotsRefusal } from './robots-gate.ts';

/* The Googlebot robots.txt gate of the mobile test: what may be fetched, decided before any fetch. */

const UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function host(
  robots: { status: number; body: string },
  pages: Record<string, { status: number; location?: string }> = {},
) {
  const seen: string[] = [];
  const server = await startLoopbackServer((req, res) => {
    const path = req.url ?? '/';
    seen.push(path);
    if (path === '/robots.txt')
      return void res.writeHead(robots.status, { 'content-type': 'text/plain' }).end(robots.body);
    const page = pages[path] ?? { status: 200 };
    res
      .writeHead(page.status, page.location ? { location: page.location } : { 'content-type': 'text/plain' })
      .end('ok');
  });
  onTestFinished(() => server.close());
  return { server, seen };
}

function gateFor(hostPorts: string[], maxHosts = 10) {
  const fetcher = createSafeFetcher({ allowPrivate: hostPorts, userAgent: 'test-bot' });
  return { fetcher, gate: createRobotsGate({ fetcher, userAgent: UA, maxHosts }) };
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof RobotsRefusal ? { reason: error.reason, url: error.url } : error),
  );

test("each host's own robots.txt decides for the Googlebot group, read once per host however many files ask", async () => {
  const a = await host({
    status: 200,
    body: 'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /private/\nAllow: /private/ok.js\n',
  });
  const b = await host({ status: 404, body: '' });
  const { gate } = gateFor([a.server.hostPort, b.server.hostPort]);
  const verdicts = await Promise.all(
    [
      `${a.server.origin}/app.js`,
      `${a.server.origin}/private/tracker.js`,
      `${a.server.origin}/private/ok.js`,
      `${b.server.origin}/private/tracker.js`,
    ].map((url) => refusalOf(gate.check(url))),
  );
  expect(verdicts).toEqual([
    undefined,
    { reason: 'disallowed', url: `${a.server.origin}/private/tracker.js` },
    undefined,
    // A 404 robots.txt means no rules at all.
    undefined,
  ]);
  expect([a.seen, b.seen]).toEqual([['/robots.txt'], ['/robots.txt']]);
  expect(gate.notes).toEqual([]);
});

test('a redirect hop into a disallowed path is refused before it is fetched', async () => {
  const a = await host(
    { status: 200, body: 'User-agent: Googlebot\nDisallow: /private/\n' },
    { '/img.png': { status: 302, location: '/private/real.png' } },
  );
  const { fetcher, gate } = gateFor([a.server.hostPort]);
  const refusal = await refusalOf(gatedFetch(fetcher, gate, `${a.server.origin}/img.png`, { maxRedirects: 5 }));
  expect(refusal).toEqual({ reason: 'disallowed', url: `${a.server.origin}/private/real.png` });
  expect(a.seen).toEqual(['/robots.txt', '/img.png']);
});

test('redirects that robots.txt allows are followed hop by hop, each hop listed', async () => {
  const a = await host(
    { status: 200, body: 'User-agent: Googlebot\nDisallow: /private/\n' },
    { '/old': { status: 301, location: '/new' } },
  );
  const { fetcher, gate } = gateFor([a.server.hostPort]);
  const response = await gatedFetch(fetcher, gate, `${a.server.origin}/old`, { maxRedirects: 5 });
  expect([response.url, response.status, response.redirects]).toEqual([
    `${a.server.origin}/new`,
    200,
    [{ url: `${a.server.origin}/old`, status: 301, location: `${a.server.origin}/new` }],
  ]);
  const tooMany = await gatedFetch(fetcher, gate, `${a.server.origin}/old`, { maxRedirects: 0 });
  expect([tooMany.status, tooMany.headers.location]).toEqual([301, '/new']);
});

test('a robots.txt answering 5xx keeps Googlebot from the whole host, and says so once', async () => {
  const a = await host({ status: 503, body: 'busy' });
  const { gate } = gateFor([a.server.hostPort]);
  const verdicts = await Promise.all(
    ['/a.js', '/b.css'].map((path) => refusalOf(gate.check(`${a.server.origin}${path}`))),
  );
  expect(verdicts.map((verdict) => (verdict as { reason: string }).reason)).toEqual(['unavailable', 'unavailable']);
  expect(gate.notes).toEqual([
    `${a.server.origin}/robots.txt could not be read (status 503); Googlebot then fetches nothing from ${a.server.origin}, so its files were not loaded.`,
  ]);
});

test('past the cap of hosts, files are not fetched and no further robots.txt is read', async () => {
  const a = await host({ status: 404, body: '' });
  const b = await host({ status: 404, body: '' });
  const { gate } = gateFor([a.server.hostPort, b.server.hostPort], 1);
  expect(await refusalOf(gate.check(`${a.server.origin}/x.js`))).toBeUndefined();
  const refused = await gate.check(`${b.server.origin}/x.js`).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(RobotsRefusal);
  expect((refused as RobotsRefusal).message).toBe(
    'Not loaded: robots.txt was read for 1 hosts already, the limit of this test.',
  );
  expect(b.seen).toEqual([]);
});

test('the open gate (phone browser) reads no robots.txt and lets the fetcher follow redirects', async () => {
  const a = await host(
    { status: 200, body: 'User-agent: *\nDisallow: /\n' },
    { '/old': { status: 301, location: '/new' } },
  );
  const fetcher = createSafeFetcher({ allowPrivate: [a.server.hostPort], userAgent: 'test-bot' });
  await openGate.check(`${a.server.origin}/anything`);
  const response = await gatedFetch(fetcher, openGate, `${a.server.origin}/old`, { maxRedirects: 5 });
  expect([response.url, response.status]).toEqual([`${a.server.origin}/new`, 200]);
  expect(a.seen).toEqual(['/old', '/new']);
});
