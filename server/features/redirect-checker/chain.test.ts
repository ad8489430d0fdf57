import { expect, test } from 'vitest';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { FIXTURE_CERT, startRedirectHopsSite, type RedirectHopsSite } from '#test/fixtures/redirect-hops-site.ts';
import { followChain } from './chain.ts';

const HEADERS = { xRobotsTag: 'noindex', cacheControl: 'max-age=60', canonical: null, server: 'hops-fixture' };

/** A fetcher that may reach both sides of the site and trusts its certificate; its clock never moves. */
function fetcherFor(site: RedirectHopsSite) {
  return createSafeFetcher({
    allowPrivate: [site.hostPort, site.secure.hostPort],
    userAgent: 'test-bot',
    tlsCa: FIXTURE_CERT,
    resolver: async () => [{ address: '127.0.0.1', family: 4 }],
    clock: () => 0,
  });
}

async function follow(site: RedirectHopsSite, url: string) {
  return followChain(url, {
    fetcher: fetcherFor(site),
    userAgent: 'test-bot',
    timeoutMs: 5_000,
    signal: new AbortController().signal,
  });
}

test('an HTTPS→HTTP hop and an HTTP→HTTPS hop are named; every hop has its headers and time', async () => {
  const site = await startRedirectHopsSite();
  const up = await follow(site, `${site.origin}/to-https`);
  const down = await follow(site, `${site.origin}/to-https-then-http`);
  await site.close();
  expect(up).toEqual({
    hops: [
      {
        url: `${site.origin}/to-https`,
        status: 301,
        kind: 'redirect',
        location: `${site.secure.origin}/final`,
        permanent: true,
        scheme: 'http-to-https',
        timeMs: 0,
        headers: HEADERS,
      },
      {
        url: `${site.secure.origin}/final`,
        status: 200,
        kind: 'final',
        location: null,
        permanent: null,
        scheme: null,
        timeMs: 0,
        headers: HEADERS,
      },
    ],
    finalUrl: `${site.secure.origin}/final`,
    finalStatus: 200,
    failure: null,
  });
  expect(down.hops.map((hop) => [hop.status, hop.scheme, hop.location])).toEqual([
    [301, 'http-to-https', `${site.secure.origin}/to-http`],
    [301, 'https-to-http', `${site.origin}/final`],
    [200, null, null],
  ]);
});

test('a meta refresh past the bytes read is not seen; a refresh without a URL is no hop', async () => {
  const site = await startRedirectHopsSite();
  const deep = await follow(site, `${site.origin}/meta-too-deep`);
  const reload = await follow(site, `${site.origin}/meta-reload`);
  await site.close();
  expect(deep.hops.map((hop) => [hop.status, hop.kind])).toEqual([[200, 'final']]);
  expect(reload.hops.map((hop) => [hop.status, hop.kind])).toEqual([[200, 'final']]);
});
