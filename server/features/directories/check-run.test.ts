import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect, test } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '#test/fixtures/loopback.ts';
import { createSafeFetcher, type Resolver } from '#server/lib/safe-fetch/index.ts';
import { EMPTY_RESULTS, type CheckResults } from './results.ts';
import { looksLikeLocalOutage, runChecks } from './check-run.ts';

/** A listing site's pages, one behaviour per path, as real sites answer. */
function listingSite(state: { inFlight: number; maxInFlight: number; methods: string[]; fixed: boolean }) {
  return (req: IncomingMessage, res: ServerResponse) => {
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    res.on('close', () => (state.inFlight -= 1));
    state.methods.push(`${req.method} ${req.url}`);
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    switch (req.url) {
      case '/ok':
        return html(
          '<a href="/post">Post an ad</a><a href="https://partner.org/">partner</a><a href="https://user.site/" rel="nofollow ugc">member</a>',
        );
      case '/head-refused':
        if (req.method === 'HEAD') return res.writeHead(405).end();
        return html('<h1>Works with GET</h1>');
      case '/gone':
        return res.writeHead(404).end();
      case '/parked':
        return html('<h1>This domain may be for sale</h1>');
      case '/bot-wall':
        return res.writeHead(403).end();
      case '/flaky':
        return state.fixed ? html('<h1>Back again</h1>') : res.writeHead(500).end();
      case '/huge':
        res.writeHead(200, { 'content-type': 'text/html' });
        if (req.method === 'HEAD') return res.end();
        // The parking phrase sits past the byte cap: the checker must stop reading before it.
        return res.end(
          `<a href="https://early.example/">early</a>${' '.repeat(300_000)}<p>This domain is for sale</p>`,
        );
      default:
        return html(`<p>${req.url}</p>`);
    }
  };
}

async function fixture() {
  const state = { inFlight: 0, maxInFlight: 0, methods: [] as string[], fixed: false };
  const server = await startLoopbackServer(listingSite(state));
  const moved = await startLoopbackServer((req, res) =>
    res.writeHead(301, { location: `http://new-home.test:${server.port}/ok` }).end(),
  );
  // Host names the test controls: gone.test does not resolve, intranet.test points at a private address.
  const resolver: Resolver = async (hostname) => {
    if (hostname === 'gone.test') throw new Error('ENOTFOUND');
    if (hostname === 'intranet.test') return [{ address: '10.1.2.3', family: 4 }];
    return [{ address: '127.0.0.1', family: 4 }];
  };
  const allowPrivate = [server.hostPort, moved.hostPort, `new-home.test:${server.port}`, `old-home.test:${moved.port}`];
  const fetcher = createSafeFetcher({ allowPrivate, userAgent: 'test-checker', resolver });
  return { state, server, moved, fetcher, close: () => Promise.all([server.close(), moved.close()]) };
}

function urlsOf(server: LoopbackServer, moved: LoopbackServer): Record<string, string> {
  return {
    ok: `${server.origin}/ok`,
    headRefused: `${server.origin}/head-refused`,
    gone: `${server.origin}/gone`,
    parked: `${server.origin}/parked`,
    botWall: `${server.origin}/bot-wall`,
    flaky: `${server.origin}/flaky`,
    huge: `${server.origin}/huge`,
    moved: `http://old-home.test:${moved.port}/`,
    noDns: 'https://gone.test/',
    private: 'https://intranet.test/',
  };
}

const clock = (iso: string) => () => new Date(iso);

test('each kind of site gets its outcome, status, final address and outbound rel, all through the guarded fetcher', async () => {
  const { state, server, moved, fetcher, close } = await fixture();
  const urls = urlsOf(server, moved);
  const results = await runChecks({
    fetcher,
    urls: Object.values(urls),
    previous: EMPTY_RESULTS,
    now: clock('2026-03-09T10:00:00.000Z'),
    limits: { timeoutMs: 10_000, maxBytes: 64 * 1024, maxRedirects: 5 },
  });
  await close();
  const site = (key: string) => results.sites[urls[key]];
  expect(site('ok')).toMatchObject({
    outcome: 'ok',
    method: 'HEAD',
    status: 200,
    finalUrl: urls.ok,
    observedLinkType: 'mixed',
    outboundLinks: { followed: 1, notFollowed: 1, nofollow: 1, ugc: 1, sponsored: 0 },
    consecutiveFailures: 0,
  });
  expect(site('headRefused')).toMatchObject({ outcome: 'ok', method: 'GET', status: 200 });
  expect(site('gone')).toMatchObject({ outcome: 'dead', status: 404, reason: 'answered 404', consecutiveFailures: 1 });
  expect(site('parked')).toMatchObject({
    outcome: 'parked',
    reason: 'looks parked: page says "This domain may be for sale"',
  });
  expect(site('botWall')).toMatchObject({ outcome: 'blocked', status: 403, consecutiveFailures: 0 });
  expect(site('flaky')).toMatchObject({ outcome: 'error', status: 500 });
  expect(site('huge')).toMatchObject({ outcome: 'ok', outboundLinks: { followed: 1 } });
  expect(site('moved')).toMatchObject({
    outcome: 'ok',
    moved: true,
    finalUrl: `http://new-home.test:${server.port}/ok`,
  });
  expect(site('noDns')).toMatchObject({
    outcome: 'dead',
    reason: 'Could not find the site gone.test (DNS lookup failed).',
  });
  expect(site('private')).toMatchObject({ outcome: 'error', method: 'HEAD' });
  expect(site('private').reason).toContain('private or reserved network address (10.1.2.3)');
  // HEAD first; GET only where HEAD was refused or the page is needed for evidence. Never the private host.
  expect(state.methods.filter((line) => line.endsWith('/head-refused'))).toEqual([
    'HEAD /head-refused',
    'GET /head-refused',
  ]);
  expect(state.methods.filter((line) => line.endsWith('/gone'))).toEqual(['HEAD /gone', 'GET /gone']);
  expect(results.lastRun).toEqual({
    startedAt: '2026-03-09T10:00:00.000Z',
    finishedAt: '2026-03-09T10:00:00.000Z',
    checked: 10,
  });
  expect(Object.values(results.sites).every((result) => result.checkedAt === '2026-03-09T10:00:00.000Z')).toBe(true);
});

test('two failing runs in a row hide an entry; a passing run makes it visible again; unlisted sites are dropped', async () => {
  const { state, server, moved, fetcher, close } = await fixture();
  const urls = urlsOf(server, moved);
  const listed = [urls.ok, urls.flaky, urls.botWall];
  const stale: CheckResults = {
    ...EMPTY_RESULTS,
    sites: {
      'https://removed.example/': {
        url: 'https://removed.example/',
        checkedAt: '2026-01-01T00:00:00.000Z',
        outcome: 'ok',
        method: 'HEAD',
        consecutiveFailures: 0,
      },
    },
  };
  const first = await runChecks({ fetcher, urls: listed, previous: stale, now: clock('2026-03-01T00:00:00.000Z') });
  const second = await runChecks({ fetcher, urls: listed, previous: first, now: clock('2026-03-08T00:00:00.000Z') });
  state.fixed = true;
  const third = await runChecks({ fetcher, urls: listed, previous: second, now: clock('2026-03-15T00:00:00.000Z') });
  await close();
  expect([first, second, third].map((run) => run.sites[urls.flaky].consecutiveFailures)).toEqual([1, 2, 0]);
  expect([first, second, third].map((run) => run.sites[urls.botWall].consecutiveFailures)).toEqual([0, 0, 0]);
  expect(Object.keys(first.sites)).toEqual(listed);
});

test('no more requests are in flight than the concurrency allows, and duplicates are visited once', async () => {
  const { state, server, fetcher, close } = await fixture();
  const urls = Array.from({ length: 12 }, (_, index) => `${server.origin}/page-${index}`);
  const results = await runChecks({ fetcher, urls: [...urls, ...urls], previous: EMPTY_RESULTS, concurrency: 3 });
  await close();
  expect(state.maxInFlight).toBeLessThanOrEqual(3);
  expect(Object.keys(results.sites)).toHaveLength(12);
  expect(state.methods.filter((line) => line.endsWith('/page-0'))).toEqual(['HEAD /page-0', 'GET /page-0']);
});

test('an aborted run stops starting new sites and keeps the previous results for the ones it did not reach', async () => {
  const { server, fetcher, close } = await fixture();
  const urls = Array.from({ length: 8 }, (_, index) => `${server.origin}/page-${index}`);
  const previous: CheckResults = {
    ...EMPTY_RESULTS,
    sites: {
      [urls[7]]: {
        url: urls[7],
        checkedAt: '2026-01-01T00:00:00.000Z',
        outcome: 'dead',
        method: 'GET',
        consecutiveFailures: 1,
      },
    },
  };
  const controller = new AbortController();
  const results = await runChecks({
    fetcher,
    urls,
    previous,
    concurrency: 1,
    signal: controller.signal,
    onResult: (_result, done) => {
      if (done === 2) controller.abort();
    },
  });
  await close();
  expect(results.lastRun?.checked).toBe(2);
  expect(Object.keys(results.sites)).toEqual([urls[0], urls[1], urls[7]]);
  expect(results.sites[urls[7]]).toEqual(previous.sites[urls[7]]);
});

test('a run where most sites fail looks like a local network outage, not like dead sites', async () => {
  const { fetcher, close } = await fixture();
  const offline = Array.from({ length: 12 }, () => 'https://gone.test/').map((url, index) => url + index);
  const results = await runChecks({ fetcher, urls: offline, previous: EMPTY_RESULTS });
  await close();
  expect(looksLikeLocalOutage(results)).toBe(true);
  const healthy = {
    ...results,
    sites: Object.fromEntries(
      Object.entries(results.sites).map(([url, result], index) => [
        url,
        index < 7 ? { ...result, outcome: 'ok' as const } : result,
      ]),
    ),
  };
  expect(looksLikeLocalOutage(healthy)).toBe(false);
});
