import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import request from 'supertest';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { latestDirectoryCheckId } from '#db/directory-checks.ts';
import { startLoopbackServer, type LoopbackServer } from '#test/fixtures/loopback.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { openJobsDatabase } from '#test/helpers/jobs.ts';
import { loadConfig } from '#server/config/index.ts';
import { openJobSystem } from '#server/job-system.ts';
import { createLogger } from '#server/lib/logger.ts';
import { pages as routeTable } from '#server/pages/routes.ts';
import { DIRECTORY_CHECK_ID, DIRECTORY_CHECK_JOB } from '#server/features/directories/check.ts';
import { readStoredResults } from '#server/features/directories/store.ts';
import { definePage } from '#views/page.ts';
import { loaderContext } from '#views/loader-context.ts';
import { checkCommand, type CheckCommandDeps } from './directories-check.ts';
import { spawnOwned, stopOwned } from '#test/helpers/owned-processes.ts';

type Lists = CheckCommandDeps['lists'];

const commandProcess = fileURLToPath(new URL('../test/fixtures/directories-check-process.ts', import.meta.url));

/**
 * The command in a process of its own beside the running test app, on the app's database (its own
 * job-system handle there: it enqueues, the app's workers run the job), checking the given lists.
 */
function runCommand(
  testApp: TestApp,
  argv: string[],
  lists: Lists,
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawnOwned(process.execPath, ['--import', 'tsx', commandProcess], {
    env: { ...process.env, DIRECTORIES_CHECK_SPEC: JSON.stringify({ argv, lists, database: testApp.database }) },
  });
  // A command that waits for ever (no worker) must not outlive its test, whatever ended the test.
  onTestFinished(() => stopOwned(child));
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

async function run(argv: string[], lists: Lists, deps: Partial<CheckCommandDeps> & Pick<CheckCommandDeps, 'openJobs'>) {
  let out = '';
  let err = '';
  const code = await checkCommand(argv, {
    lists,
    pollMs: 50,
    ...deps,
    out: (text) => (out += text),
    err: (text) => (err += text),
  });
  return { code, out, err };
}

/** A page of the test app that prints what its loader was handed: every site's status as the pages see it. */
const probePage = definePage({
  path: '/link-check-probe',
  title: 'Link check probe',
  description: 'What the directory loaders see, in a test.',
  navLabel: 'Probe',
  loader: ({ context }: LoaderFunctionArgs) =>
    [...loaderContext(context).directoryStatus.sites].map(
      ([site, status]) => `${site} ${status.lastChecked} ${status.hidden ? 'hidden' : 'shown'}`,
    ),
  Component: () => createElement('pre', null, useLoaderData<string[]>().join('\n')),
});

/** Results of an older version's file: OLX passed, Quikr failed twice (hidden), checked on 9 March 2026. */
function dataDirWithOldResults(): string {
  const dir = mkdtempSync(join(tmpdir(), 'directories-check-'));
  const site = (url: string, consecutiveFailures: number) => ({
    url,
    checkedAt: '2026-03-09T04:01:00.000Z',
    outcome: consecutiveFailures ? 'dead' : 'ok',
    method: 'HEAD',
    consecutiveFailures,
  });
  const results = {
    version: 1,
    lastRun: { startedAt: '2026-03-09T04:00:00.000Z', finishedAt: '2026-03-09T04:05:00.000Z', checked: 2 },
    sites: { 'https://www.olx.in/': site('https://www.olx.in/', 0), 'https://quikr.com': site('https://quikr.com', 2) },
  };
  writeFileSync(join(dir, 'directory-checks.json'), JSON.stringify(results));
  return dir;
}

async function listingSites(): Promise<LoopbackServer> {
  const server = await startLoopbackServer((req, res) => {
    if (req.url === '/gone' || req.url?.startsWith('/missing-')) return res.writeHead(410).end();
    const ok = () => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Listing site</h1>');
    if (req.url?.startsWith('/slow-')) return setTimeout(ok, 1_500);
    ok();
  });
  onTestFinished(() => server.close());
  return server;
}

async function appFor(server: LoopbackServer, dialect: (typeof DIALECTS)[number], dataDir?: string) {
  const testApp = await createTestApp({
    dialect,
    dataDir: dataDir ?? mkdtempSync(join(tmpdir(), 'directories-check-')),
    env: { FETCH_ALLOW_PRIVATE: server.hostPort },
    pages: [...routeTable, probePage],
  });
  onTestFinished(testApp.close);
  return testApp;
}

const today = () => new Date().toISOString().slice(0, 10);

describe.each(DIALECTS)('%s', (dialect) => {
  test("the command enqueues the check, the app's workers run it, and every page shows the results", async () => {
    const server = await listingSites();
    const testApp = await appFor(server, dialect, dataDirWithOldResults());
    const { app } = testApp;
    // The upgrade imported the old file: the pages show it (and cache what they rendered).
    expect((await request(app).get('/ad-post-sites')).text).toContain(
      'Links last checked on <time dateTime="2026-03-09">9 March 2026</time>',
    );
    expect((await request(app).get('/api/directories/ad-post-sites.json')).body.sites).toHaveLength(60);
    expect((await request(app).get('/link-check-probe')).text).toContain('quikr.com 2026-03-09 hidden');

    const lists = [
      { slug: 'ad-post-sites', urls: [`${server.origin}/a`, `${server.origin}/gone`] },
      { slug: 'guest-post-sites', urls: [`${server.origin}/a`, `${server.origin}/b`] },
    ];
    const first = await runCommand(testApp, ['--concurrency=2'], lists);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain('Checking 3 sites in 2 lists, 2 at a time...');
    expect(first.out).toContain('  3/3 checked\n');
    expect(first.out).toContain('ad-post-sites: 2 sites: 1 ok, 1 dead\n');
    expect(first.out).toContain('guest-post-sites: 2 sites: 2 ok\n');
    expect(first.out).toContain(`  ${server.origin}/gone: dead; HTTP 410; answered 410\n`);
    const second = await runCommand(testApp, [], lists);
    expect(second.code).toBe(0);
    expect(second.out).toContain('ad-post-sites: 2 sites: 1 ok, 1 dead; 1 hidden\n');
    expect(second.out).toContain(
      `  ${server.origin}/gone: dead; HTTP 410; answered 410; hidden (failed 2 checks in a row)\n`,
    );
    expect(second.out).toContain('Results saved to the database: the directory pages show them without a restart.');

    const stored = (await readStoredResults(testApp.db))!.results;
    expect(Object.keys(stored.sites)).toEqual([`${server.origin}/a`, `${server.origin}/gone`, `${server.origin}/b`]);
    expect(stored.sites[`${server.origin}/gone`].consecutiveFailures).toBe(2);
    // The app heard the job complete: its loaders see the new run, cached pages were rendered again.
    const host = `127.0.0.1`;
    await vi.waitFor(
      async () => {
        const probe = (await request(app).get('/link-check-probe')).text;
        expect(probe).toContain(`${host}/gone ${today()} hidden`);
        expect(probe).toContain(`${host}/a ${today()} shown`);
        expect(probe).not.toContain('quikr.com');
      },
      { timeout: 5_000, interval: 50 },
    );
    // OLX and Quikr are no longer in the checked lists: their results went, Quikr shows again.
    const page = (await request(app).get('/ad-post-sites')).text;
    expect(page).toContain('The links in this list have not been checked by our link checker yet.');
    expect((await request(app).get('/api/directories/ad-post-sites.json')).body.sites).toHaveLength(61);
  });

  test('a second request joins the run under way and prints the same report', async () => {
    const server = await listingSites();
    const testApp = await appFor(server, dialect);
    // Slow sites: the run is still under way when the second command asks.
    const lists = [{ slug: 'ad-post-sites', urls: [`${server.origin}/slow-a`, `${server.origin}/slow-b`] }];
    const [first, second] = await Promise.all([runCommand(testApp, [], lists), runCommand(testApp, [], lists)]);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect([first.out, second.out].filter((out) => out.startsWith('Checking 2 sites in 1 lists'))).toHaveLength(1);
    expect([first.out, second.out].filter((out) => out.startsWith('A directory check is already queued'))).toHaveLength(
      1,
    );
    expect(first.out).toContain('ad-post-sites: 2 sites: 2 ok\n');
    expect(second.out).toContain('ad-post-sites: 2 sites: 2 ok\n');
  });

  test('a run where most sites fail records nothing and says why', async () => {
    const server = await listingSites();
    const testApp = await appFor(server, dialect);
    const urls = Array.from({ length: 12 }, (_, index) => `${server.origin}/missing-${index}`);
    const result = await runCommand(testApp, [], [{ slug: 'ad-post-sites', urls }]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      'Most sites failed in this run, which usually means this machine has no working network or DNS. Nothing was recorded;',
    );
    expect(await latestDirectoryCheckId(testApp.db)).toBeUndefined();
  });

  test('with no server or worker running the command says it is waiting; Ctrl-C leaves the check queued', async () => {
    const database = await openJobsDatabase(dialect === 'sqlite' ? 'embedded' : 'bullmq');
    onTestFinished(database.close);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const jobs = await openJobSystem({
      config,
      db: database.db,
      log: createLogger('silent'),
      databaseTarget: database.target,
      databaseOptions: database.options,
      queueSchema: database.queueSchema,
    });
    onTestFinished(() => jobs.close());
    const controller = new AbortController();
    let out = '';
    const code = checkCommand([], {
      lists: [{ slug: 'ad-post-sites', urls: ['https://never.example/'] }],
      openJobs: async () => ({ jobs, close: async () => undefined }),
      pollMs: 20,
      waitNoticeMs: 200,
      signal: controller.signal,
      out: (text) => {
        out += text;
        if (text.startsWith('No server or worker has taken the check yet')) controller.abort();
      },
      err: (text) => (out += text),
    });
    expect(await code).toBe(130);
    expect(out).toContain(
      'No server or worker has taken the check yet: waiting for one to run it (the server, or `npm run worker` with DATABASE_URL). Ctrl-C stops waiting; the check stays queued and runs when one starts.\n',
    );
    expect(out).toContain('Stopped waiting. The check stays queued and runs when a server or worker starts;');
    expect(await jobs.state(DIRECTORY_CHECK_JOB, DIRECTORY_CHECK_ID)).toMatchObject({
      status: 'queued',
      attempts: 0,
    });
  });
});

test('options are checked before the queue is opened', async () => {
  const openJobs = () => Promise.reject(new Error('must not open the queue'));
  for (const argv of [['--concurrency=0'], ['--concurrency=99'], ['--fast']]) {
    const result = await run(argv, [{ slug: 'x', urls: ['https://never.example/'] }], { openJobs });
    expect(result.code, argv.join(' ')).toBe(2);
    expect(result.err).toContain('Usage: npm run directories:check [-- --concurrency=N]');
  }
  expect((await run(['--help'], [], { openJobs })).out).toContain('Usage:');
});
