import type { ServerResponse } from 'node:http';
import { expect, test } from 'vitest';
import { auditPage, html, image } from '#test/fixtures/audit-pages.ts';
import { resourcesIssueTypes } from '#views/model/site-audit-checks/resources.ts';
import { serveFixture, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { auditFetcher, externalFixture, otherSite } from '#test/fixtures/external-links-site.ts';
import { freeLoopbackPort } from '#test/fixtures/loopback.ts';
import { runSiteAudit, type AuditProgress, type SiteAuditOutcome } from './audit.ts';
import { checkExternalUrls } from './external-links.ts';

const EXTERNAL_TYPES = ['external-broken', 'external-redirected', 'external-timeout', 'external-unverified'];

async function audit(
  site: FixtureSite,
  allowPrivate: string[],
  externalLinks: Parameters<typeof runSiteAudit>[0]['externalLinks'],
): Promise<SiteAuditOutcome & { requests: string[]; progress: AuditProgress[] }> {
  const served = await serveFixture(site);
  const progress: AuditProgress[] = [];
  try {
    const outcome = await runSiteAudit({
      startUrl: `${served.origin}/`,
      fetcher: auditFetcher([served.hostPort, ...allowPrivate]),
      externalLinks,
      onProgress: (state) => progress.push(state),
    });
    return { ...outcome, requests: served.requests.map((entry) => entry.path), progress };
  } finally {
    await served.close();
  }
}

function urlsOf(outcome: SiteAuditOutcome, types: string[]): Record<string, string[]> {
  return Object.fromEntries(
    types.map((type) => [
      type,
      outcome.issues
        .filter((issue) => issue.type === type)
        .map((issue) => issue.url)
        .sort(),
    ]),
  );
}

test('external links, scripts and stylesheets: each planted answer lands in exactly its issue type', async () => {
  const ext = await externalFixture();
  const { origin, down } = ext;
  const links = [
    `${origin}/ok`,
    `${origin}/missing`,
    `${origin}/gone`,
    `${origin}/error`,
    `${origin}/moved`,
    `${origin}/chain-1`,
    `${origin}/moved-to-missing`,
    `${origin}/head-refused`,
    `${origin}/forbidden`,
    `${origin}/login`,
    `${origin}/busy`,
    `${origin}/hang`,
    `${down}/refused`,
    'http://nowhere.invalid/page',
    // A private address: never fetched, so never called broken.
    'http://10.0.0.1/admin',
  ];
  const site: FixtureSite = (path) => {
    if (path === '/')
      return html(
        auditPage('/', {
          links: ['/other', ...links.slice(0, 7)],
          head: `<link rel="stylesheet" href="${origin}/moved.css">`,
          body: `<script src="${origin}/ok.js" defer></script>`,
        }),
      );
    if (path === '/other')
      return html(
        auditPage('/other', {
          links: links.slice(7),
          body: `<script src="${origin}/missing.js" defer></script>`,
        }),
      );
    return undefined;
  };
  try {
    const outcome = await audit(site, ext.allowPrivate, { timeoutMs: 1000 });
    expect(urlsOf(outcome, [...EXTERNAL_TYPES, 'js-broken', 'css-redirected', 'page-loads-broken-resource'])).toEqual({
      'external-broken': [
        `${down}/refused`,
        `${origin}/error`,
        `${origin}/gone`,
        `${origin}/missing`,
        `${origin}/moved-to-missing`,
        'http://nowhere.invalid/page',
      ].sort(),
      'external-redirected': [`${origin}/chain-1`, `${origin}/moved`],
      'external-timeout': [`${origin}/hang`],
      'external-unverified': ['http://10.0.0.1/admin', `${origin}/busy`, `${origin}/forbidden`, `${origin}/login`],
      'js-broken': [`${origin}/missing.js`],
      'css-redirected': [`${origin}/moved.css`],
      'page-loads-broken-resource': [outcome.siteUrl + '/other'],
    });
    const byUrl = new Map(outcome.issues.map((issue) => [`${issue.type} ${issue.url}`, issue]));
    expect(byUrl.get(`external-redirected ${origin}/chain-1`)?.detail).toBe(
      `HTTP 302, ends at ${origin}/ok (HTTP 200 after 2 redirects); linked once`,
    );
    expect(byUrl.get(`external-broken ${origin}/missing`)?.links).toEqual([
      {
        source: `${outcome.siteUrl}/`,
        target: `${origin}/missing`,
        anchor: `Visit ${origin}/missing`,
        position: 'navigation',
      },
    ]);
    // HEAD refused with 405: asked again with GET. A HEAD that worked is never repeated.
    expect(ext.site.log.filter((entry) => entry.endsWith(' /head-refused'))).toEqual([
      'HEAD /head-refused',
      'GET /head-refused',
    ]);
    expect(ext.site.log.filter((entry) => entry.endsWith(' /ok.js'))).toEqual(['HEAD /ok.js']);
    // 429 means "slow down": never asked again.
    expect(ext.site.log.filter((entry) => entry.endsWith(' /busy'))).toEqual(['HEAD /busy']);
    // The site's own requests never include the other sites' URLs.
    expect(outcome.requests.every((path) => path.startsWith('/'))).toBe(true);
  } finally {
    await ext.close();
  }
});

test('each external URL is checked once, however many pages link to it; healthy files report nothing', async () => {
  const ext = await externalFixture();
  const pages = ['/a', '/b', '/c', '/d'];
  const files = {
    head: '<link rel="stylesheet" href="/site.css">',
    body: `<script src="/app.js" defer></script><img src="/logo.png" alt="Logo" width="10" height="10">`,
  };
  const site: FixtureSite = (path) => {
    if (path === '/') return html(auditPage('/', { links: pages, ...files }));
    if (pages.includes(path))
      return html(
        auditPage(path, { links: [`${ext.origin}/ok`, [`${ext.origin}/ok`, 'the same link, other words']], ...files }),
      );
    if (path === '/site.css') return { status: 200, headers: { 'content-type': 'text/css' }, body: 'p{margin:0}' };
    if (path === '/app.js') return { status: 200, headers: { 'content-type': 'text/javascript' }, body: 'void 0;' };
    if (path === '/logo.png') return image(512);
    return undefined;
  };
  try {
    const outcome = await audit(site, ext.allowPrivate, true);
    expect(ext.site.log).toEqual(['HEAD /ok']);
    const group = new Set(resourcesIssueTypes.map((type) => type.type));
    expect(outcome.issues.filter((issue) => group.has(issue.type))).toEqual([]);
    expect(outcome.requests.filter((path) => /\.(css|js|png)$/.test(path)).sort()).toEqual([
      '/app.js',
      '/logo.png',
      '/site.css',
    ]);
    // The progress shows the external check after the crawl: none of one done, then one of one.
    expect(
      outcome.progress
        .filter((state) => state.externalTotal)
        .map((state) => [state.externalChecked, state.externalTotal]),
    ).toEqual([
      [0, 1],
      [1, 1],
    ]);
  } finally {
    await ext.close();
  }
});

test('external links are not checked unless asked', async () => {
  const ext = await externalFixture();
  const site: FixtureSite = (path) =>
    path === '/' ? html(auditPage('/', { links: [`${ext.origin}/missing`] })) : undefined;
  try {
    const outcome = await audit(site, ext.allowPrivate, undefined);
    expect(ext.site.log).toEqual([]);
    expect(outcome.issues.filter((issue) => issue.type.startsWith('external-'))).toEqual([]);
  } finally {
    await ext.close();
  }
});

/** A host that holds each answer until two requests wait (or none more can come): parallel, but never past two. */
async function pairedSite(total: number) {
  let answered = 0;
  const waiting: ServerResponse[] = [];
  const site = await otherSite((_req, res) => {
    waiting.push(res);
    if (waiting.length >= 2 || answered + waiting.length === total) {
      for (const held of waiting.splice(0)) {
        answered += 1;
        held.writeHead(200).end();
      }
    }
  });
  return site;
}

/**
 * Counts the requests each host has outstanding on the client side, at the moment each is sent:
 * exact, since the checker sends all it may send in one go. (The servers only see what arrives.)
 */
function countingFetcher(inner: ReturnType<typeof auditFetcher>) {
  const outstanding = new Map<string, number>();
  const max = new Map<string, number>();
  const sent: string[] = [];
  return {
    max,
    sent,
    fetcher: {
      fetch: inner.fetch,
      async stream(url: string, options?: Parameters<typeof inner.stream>[1]) {
        const host = new URL(url).host;
        sent.push(`${options?.method ?? 'GET'} ${url}`);
        outstanding.set(host, (outstanding.get(host) ?? 0) + 1);
        max.set(host, Math.max(max.get(host) ?? 0, outstanding.get(host)!));
        try {
          return await inner.stream(url, options);
        } finally {
          outstanding.set(host, outstanding.get(host)! - 1);
        }
      },
    },
  };
}

test('at most two requests run at once on one host, while other hosts are checked alongside', async () => {
  const perHost = 7;
  const hosts = await Promise.all([pairedSite(perHost), pairedSite(perHost), pairedSite(perHost)]);
  const names = hosts.map((host) => `h${host.server.port}.test:${host.server.port}`);
  const urls = names.flatMap((name) => Array.from({ length: perHost }, (_, i) => `http://${name}/page-${i}`));
  const counting = countingFetcher(auditFetcher(names));
  try {
    const results = await checkExternalUrls(urls, {
      fetcher: counting.fetcher,
      settings: { concurrency: 6, perHost: 2 },
    });
    expect(results.map((result) => result?.kind)).toEqual(urls.map(() => 'ok'));
    expect(hosts.map((host) => host.log.length)).toEqual([perHost, perHost, perHost]);
    // Never more than two at once per host, and really two at once at each server (held until both arrived).
    expect(names.map((name) => counting.max.get(name))).toEqual([2, 2, 2]);
    expect(hosts.map((host) => host.maxInFlight())).toEqual([2, 2, 2]);
  } finally {
    await Promise.all(hosts.map((host) => host.server.close()));
  }
});

test('the cap on external URLs: the first ones found are checked, the rest stay unchecked', async () => {
  const site = await otherSite((_req, res) => res.writeHead(200).end());
  const host = `cap.test:${site.server.port}`;
  const urls = Array.from({ length: 5 }, (_, i) => `http://${host}/p${i}`);
  try {
    const results = await checkExternalUrls(urls, { fetcher: auditFetcher([host]), settings: { maxUrls: 3 } });
    expect(results.map((result) => result?.kind ?? 'unchecked')).toEqual(['ok', 'ok', 'ok', 'unchecked', 'unchecked']);
    expect(site.log.sort()).toEqual(['HEAD /p0', 'HEAD /p1', 'HEAD /p2']);
  } finally {
    await site.server.close();
  }
});

test('a cancelled check stops sending requests and leaves the rest unchecked', async () => {
  const controller = new AbortController();
  const site = await otherSite((_req, res) => {
    // The first answer cancels the whole check.
    controller.abort();
    res.writeHead(200).end();
  });
  const server = site.server;
  const host = `cancel.test:${server.port}`;
  const urls = Array.from({ length: 6 }, (_, i) => `http://${host}/p${i}`);
  try {
    const results = await checkExternalUrls(urls, {
      fetcher: auditFetcher([host]),
      settings: { perHost: 1 },
      signal: controller.signal,
    });
    expect(site.log).toEqual(['HEAD /p0']);
    expect(results.filter(Boolean)).toEqual([]);
  } finally {
    await server.close();
  }
});

test('a host that is down, or timed out twice, is not asked again for its other URLs', async () => {
  const held: ServerResponse[] = [];
  const slow = await otherSite((_req, res) => void held.push(res));
  const downPort = await freeLoopbackPort();
  const down = `down.test:${downPort}`;
  const hanging = `slow.test:${slow.server.port}`;
  const urls = [
    ...Array.from({ length: 5 }, (_, i) => `http://${down}/p${i}`),
    ...Array.from({ length: 5 }, (_, i) => `http://${hanging}/p${i}`),
    ...Array.from({ length: 3 }, (_, i) => `http://gone.invalid/p${i}`),
  ];
  const counting = countingFetcher(auditFetcher([down, hanging]));
  try {
    const results = await checkExternalUrls(urls, {
      fetcher: counting.fetcher,
      settings: { perHost: 2, timeoutMs: 500 },
    });
    expect(results.map((result) => result?.kind)).toEqual([
      ...Array<string>(5).fill('broken'),
      ...Array<string>(5).fill('timeout'),
      ...Array<string>(3).fill('broken'),
    ]);
    // The two sent at once to each host before the first answer; nothing after.
    const sentTo = (host: string) => counting.sent.filter((entry) => entry.includes(`//${host}/`)).length;
    expect([sentTo(down), sentTo(hanging), sentTo('gone.invalid')]).toEqual([2, 2, 2]);
    expect(results[4]).toEqual(expect.objectContaining({ detail: expect.stringMatching(/^down\.test:\d+ /) }));
    expect(results[9]).toEqual({ kind: 'timeout', detail: `not tried: 2 other requests to ${hanging} timed out` });
  } finally {
    await slow.server.close();
  }
});
