import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { createSafeFetcher, type Resolver } from '#server/lib/safe-fetch/index.ts';
import { checkCommand } from './directories-check.ts';

async function run(
  argv: string[],
  lists: { slug: string; urls: string[] }[],
  allowPrivate: string[],
  dataDir: string,
  resolver?: Resolver,
) {
  let out = '';
  let err = '';
  const fetcher = createSafeFetcher({ allowPrivate, userAgent: 'test', resolver });
  const code = await checkCommand(argv, {
    config: { dataDir, fetchAllowPrivate: allowPrivate, siteUrl: 'https://example.test' },
    lists,
    fetcher,
    out: (text) => (out += text),
    err: (text) => (err += text),
  });
  return { code, out, err };
}

test('the command checks every list, writes the results beside the data and reports what needs a look', async () => {
  const server = await startLoopbackServer((req, res) => {
    if (req.url === '/gone') return res.writeHead(410).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Listing site</h1>');
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'directories-check-'));
  const lists = [
    { slug: 'ad-post-sites', urls: [`${server.origin}/a`, `${server.origin}/gone`] },
    { slug: 'guest-post-sites', urls: [`${server.origin}/a`, `${server.origin}/b`] },
  ];
  const first = await run(['--concurrency=2'], lists, [server.hostPort], dataDir);
  const second = await run([], lists, [server.hostPort], dataDir);
  await server.close();
  expect(first.code).toBe(0);
  expect(first.out).toContain('Checking 3 sites in 2 lists, 2 at a time...');
  expect(first.out).toContain('ad-post-sites: 2 sites: 1 ok, 1 dead\n');
  expect(first.out).toContain('guest-post-sites: 2 sites: 2 ok\n');
  expect(first.out).toContain(`  ${server.origin}/gone: dead; HTTP 410; answered 410\n`);
  expect(second.out).toContain('ad-post-sites: 2 sites: 1 ok, 1 dead; 1 hidden\n');
  expect(second.out).toContain(
    `  ${server.origin}/gone: dead; HTTP 410; answered 410; hidden (failed 2 checks in a row)\n`,
  );
  expect(second.out).toContain(
    `Results written to ${join(dataDir, 'directory-checks.json')}. Restart the server to show them on the directory pages.`,
  );
  const saved = JSON.parse(readFileSync(join(dataDir, 'directory-checks.json'), 'utf8'));
  expect(Object.keys(saved.sites)).toEqual([`${server.origin}/a`, `${server.origin}/gone`, `${server.origin}/b`]);
  expect(saved.sites[`${server.origin}/gone`].consecutiveFailures).toBe(2);
});

test('a run on a machine without network records nothing and says why', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'directories-check-'));
  const offline: Resolver = () => Promise.reject(new Error('EAI_AGAIN'));
  const urls = Array.from({ length: 12 }, (_, index) => `https://site-${index}.example/`);
  const result = await run([], [{ slug: 'ad-post-sites', urls }], [], dataDir, offline);
  expect(result.code).toBe(1);
  expect(result.err).toContain(
    'Most sites failed in this run, which usually means this machine has no working network or DNS. Nothing was recorded;',
  );
  expect(existsSync(join(dataDir, 'directory-checks.json'))).toBe(false);
});

test('options are checked before any site is visited', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'directories-check-'));
  for (const argv of [['--concurrency=0'], ['--concurrency=99'], ['--fast']]) {
    const result = await run(argv, [{ slug: 'x', urls: ['https://never.example/'] }], [], dataDir, () =>
      Promise.reject(new Error('must not resolve')),
    );
    expect(result.code, argv.join(' ')).toBe(2);
    expect(result.err).toContain('Usage: npm run directories:check [-- --concurrency=N]');
  }
  expect((await run(['--help'], [], [], dataDir)).out).toContain('Usage:');
});
