import { expect, test } from 'vitest';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { loadRobots } from './signals.ts';

async function verdictsFor(robotsTxt: string, paths: string[]) {
  const site = await startLoopbackServer((req, res) => {
    if (req.url === '/robots.txt') return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end(robotsTxt);
    res.writeHead(404).end();
  });
  try {
    const verdict = await loadRobots(
      site.origin,
      createSafeFetcher({ allowPrivate: [site.hostPort], userAgent: 'test-bot' }),
    );
    return paths.map((path) => verdict(`${site.origin}${path}`));
  } finally {
    await site.close();
  }
}

test('the blocking rule is quoted with its own line number when robots.txt ends lines with CR only', async () => {
  const verdicts = await verdictsFor(
    'User-agent: *\rDisallow: /\r\rUser-agent: Googlebot\rDisallow: /private/\rAllow: /\r',
    ['/private/page', '/public'],
  );
  expect(verdicts).toEqual([
    { allowed: false, reason: 'Blocked for Googlebot by robots.txt (line 5: Disallow: /private/).' },
    { allowed: true },
  ]);
});

test('the blocking rule is quoted with its own line number when robots.txt mixes CR, LF and CRLF', async () => {
  const robotsTxt = '# rules\r\nUser-agent: Googlebot\rAllow: /\nDisallow: /drafts/ # not yet\r\nDisallow: /tmp\r';
  const verdicts = await verdictsFor(robotsTxt, ['/drafts/1', '/tmp/x', '/']);
  expect(verdicts).toEqual([
    { allowed: false, reason: 'Blocked for Googlebot by robots.txt (line 4: Disallow: /drafts/ # not yet).' },
    { allowed: false, reason: 'Blocked for Googlebot by robots.txt (line 5: Disallow: /tmp).' },
    { allowed: true },
  ]);
});
