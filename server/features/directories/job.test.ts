import { describe, expect, onTestFinished, test } from 'vitest';
import { latestDirectoryCheckId } from '#db/directory-checks.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { checkDirectories, directoryCheckJob, type DirectoryCheckInput, type DirectoryCheckProgress } from './job.ts';
import { readStoredResults } from './store.ts';

async function fixture(dialect: (typeof DIALECTS)[number]) {
  const state = { fixed: false };
  const server = await startLoopbackServer((req, res) => {
    if (req.url === '/flaky' && !state.fixed) return res.writeHead(500).end();
    if (req.url?.startsWith('/missing-')) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Listing site</h1>');
  });
  const db = await openTestDatabase(dialect);
  onTestFinished(async () => {
    await closeTestDatabase(db);
    await server.close();
  });
  const fetcher = createSafeFetcher({ allowPrivate: [server.hostPort], userAgent: 'test-checker' });
  return { state, server, db, fetcher };
}

/** A job as a thread hands it to `run`: its input, a signal, and the progress it reports. */
function jobOf(input: DirectoryCheckInput, signal = new AbortController().signal) {
  const progress: DirectoryCheckProgress[] = [];
  const job = {
    input,
    signal,
    progress(value: DirectoryCheckProgress): void {
      progress.push(value);
    },
  };
  return { job, progress };
}

const clock = (iso: string) => () => new Date(iso);

test('the job runs one at a time, twice at most, under one name', () => {
  expect(directoryCheckJob).toMatchObject({ name: 'directory-check', concurrency: 1, attempts: 2 });
});

describe.each(DIALECTS)('%s', (dialect) => {
  test('each run merges with the newest recorded one: two failures in a row hide a site, a pass shows it again', async () => {
    const { state, server, db, fetcher } = await fixture(dialect);
    const lists = [{ slug: 'ad-post-sites', urls: [`${server.origin}/ok`, `${server.origin}/flaky`] }];
    const runs = [];
    for (const [day, fixed] of [
      ['2026-03-01', false],
      ['2026-03-08', false],
      ['2026-03-15', true],
    ] as const) {
      state.fixed = fixed;
      const { job, progress } = jobOf({ lists });
      const summary = await checkDirectories(job, { db, fetcher }, clock(`${day}T00:00:00.000Z`));
      expect(summary).toMatchObject({ recorded: true, checked: 2, total: 2 });
      expect(progress.at(0)).toEqual({ checked: 0, total: 2 });
      expect(progress.at(-1)).toEqual({ checked: 2, total: 2 });
      runs.push((await readStoredResults(db))!.results);
    }
    expect(runs.map((run) => run.sites[`${server.origin}/flaky`].consecutiveFailures)).toEqual([1, 2, 0]);
    expect(runs.map((run) => run.sites[`${server.origin}/ok`].checkedAt)).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-03-08T00:00:00.000Z',
      '2026-03-15T00:00:00.000Z',
    ]);
  });

  test('the summary is the operator report; a run where most sites fail records nothing', async () => {
    const { server, db, fetcher } = await fixture(dialect);
    const healthy = await checkDirectories(
      jobOf({ lists: [{ slug: 'ad-post-sites', urls: [`${server.origin}/ok`, `${server.origin}/missing-0`] }] }).job,
      { db, fetcher },
    );
    expect(healthy.report).toContain('ad-post-sites: 2 sites: 1 ok, 1 dead\n');
    const before = await latestDirectoryCheckId(db);
    const urls = Array.from({ length: 12 }, (_, index) => `${server.origin}/missing-${index}`);
    const offline = await checkDirectories(jobOf({ lists: [{ slug: 'ad-post-sites', urls }] }).job, { db, fetcher });
    expect(offline).toEqual({ recorded: false, checked: 12, total: 12, report: '' });
    expect(await latestDirectoryCheckId(db)).toBe(before);
  });

  test('a stopped run records nothing and fails its try', async () => {
    const { server, db, fetcher } = await fixture(dialect);
    const controller = new AbortController();
    const urls = Array.from({ length: 6 }, (_, index) => `${server.origin}/page-${index}`);
    const { job } = jobOf({ lists: [{ slug: 'ad-post-sites', urls }], concurrency: 1 }, controller.signal);
    job.progress = ({ checked }) => {
      if (checked === 2) controller.abort('shutdown');
    };
    await expect(checkDirectories(job, { db, fetcher })).rejects.toThrow(
      'The directory check stopped (shutdown) before it ended; nothing was recorded.',
    );
    expect(await latestDirectoryCheckId(db)).toBeUndefined();
  });

  test('input that is not a list of lists of URLs is refused before any site is visited', async () => {
    const { db, fetcher } = await fixture(dialect);
    const bad = { lists: [{ slug: 'x', urls: ['not a url'] }] } as DirectoryCheckInput;
    await expect(checkDirectories(jobOf(bad).job, { db, fetcher })).rejects.toThrow();
    expect(await latestDirectoryCheckId(db)).toBeUndefined();
  });
});
