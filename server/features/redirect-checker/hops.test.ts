import request from 'supertest';
import { expect, onTestFinished, test } from 'vitest';
import { startRedirectHopsSite, type RedirectHopsSite } from '#test/fixtures/redirect-hops-site.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { apiOnlyAssets } from '#test/helpers/live-tools-app.ts';
import type { RedirectHopView } from '#views/model/redirect-checker.ts';

const HEADERS = { xRobotsTag: 'noindex', cacheControl: 'max-age=60', canonical: null, server: 'hops-fixture' };

/** An app whose guarded fetcher may reach the hops site on loopback (plain side, and TLS side by address). */
async function hopsApp() {
  const site = await startRedirectHopsSite();
  onTestFinished(() => site.close());
  const { app, close } = await createTestApp({
    env: { FETCH_ALLOW_PRIVATE: `${site.hostPort},127.0.0.1:${site.secure.port}` },
    assets: apiOnlyAssets,
  });
  onTestFinished(close);
  return { app, site };
}

async function check(app: Awaited<ReturnType<typeof hopsApp>>['app'], urls: string[]) {
  const res = await request(app).post('/api/bulk-url-redirection/redirect').send({ urls });
  expect(res.status).toBe(200);
  return res.body.result as Array<{ hops: RedirectHopView[]; finalStatus: number | null; error?: string }>;
}

/** The hops without their timing (a real clock), which is checked apart. */
function untimed(hops: RedirectHopView[]) {
  for (const hop of hops) expect(hop.timeMs).toBeGreaterThanOrEqual(0);
  return hops.map(({ timeMs: _t, ...rest }) => rest);
}

const final = (site: RedirectHopsSite) => ({
  url: `${site.origin}/final`,
  status: 200,
  kind: 'final',
  location: null,
  permanent: null,
  scheme: null,
  headers: HEADERS,
});

test('301, 302, 303, 307 and 308 hops: status, Location, permanence and the SEO headers of each hop', async () => {
  const { app, site } = await hopsApp();
  const rows = await check(
    app,
    [301, 302, 303, 307, 308].map((status) => `${site.origin}/${status}`),
  );
  expect(rows.map((row) => untimed(row.hops))).toEqual(
    [301, 302, 303, 307, 308].map((status) => [
      {
        url: `${site.origin}/${status}`,
        status,
        kind: 'redirect',
        location: `${site.origin}/final`,
        permanent: status === 301 || status === 308,
        scheme: null,
        headers: { ...HEADERS, canonical: `${site.origin}/canonical` },
      },
      final(site),
    ]),
  );
});

test('a Refresh header and a meta refresh are hops; an instant one is permanent, a delayed one temporary', async () => {
  const { app, site } = await hopsApp();
  const [header, meta, delayed, chain] = await check(app, [
    `${site.origin}/refresh-header`,
    `${site.origin}/meta-refresh`,
    `${site.origin}/meta-delayed`,
    `${site.origin}/chain`,
  ]);
  const refreshHop = (path: string, kind: string, delaySeconds: number) => ({
    url: `${site.origin}${path}`,
    status: 200,
    kind,
    location: `${site.origin}/final`,
    permanent: delaySeconds === 0,
    delaySeconds,
    scheme: null,
    headers: HEADERS,
  });
  expect(untimed(header.hops)).toEqual([refreshHop('/refresh-header', 'refresh-header', 0), final(site)]);
  expect(untimed(meta.hops)).toEqual([refreshHop('/meta-refresh', 'meta-refresh', 0), final(site)]);
  expect(untimed(delayed.hops)).toEqual([refreshHop('/meta-delayed', 'meta-refresh', 5), final(site)]);
  expect(chain.hops.map((hop) => [hop.url, hop.status, hop.location])).toEqual([
    [`${site.origin}/chain`, 301, `${site.origin}/chain-2`],
    [`${site.origin}/chain-2`, 301, `${site.origin}/final`],
    [`${site.origin}/final`, 200, null],
  ]);
});

test('an HTTP→HTTPS hop is named; the self-signed certificate behind it ends the chain as a TLS error', async () => {
  const { app, site } = await hopsApp();
  const [row] = await check(app, [`${site.origin}/to-https-ip`]);
  const secure = `https://127.0.0.1:${site.secure.port}`;
  expect(untimed(row.hops)).toEqual([
    {
      url: `${site.origin}/to-https-ip`,
      status: 301,
      kind: 'redirect',
      location: `${secure}/final`,
      permanent: true,
      scheme: 'http-to-https',
      headers: HEADERS,
    },
  ]);
  expect(row).toMatchObject({
    redirectedUrl: `${secure}/final`,
    finalStatus: null,
    error: `The secure connection (TLS) to 127.0.0.1:${site.secure.port} failed: its certificate is self-signed.`,
    warnings: ['broken'],
  });
});
