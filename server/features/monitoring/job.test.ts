import { expect, test } from 'vitest';
import { openDatabase } from '#db/index.ts';
import { loadConfig, type Config } from '#server/config/index.ts';
import type { JobDefinition, JobDeps, RunningJob } from '#server/lib/jobs/index.ts';
import { withMonitoredRuns } from './job.ts';

type Input = { url: string; monitorRun?: string };
type Progress = { crawled: number; stored?: true };

/**
 * An audit's watchers end on the progress that says its report is stored (site-audit/watch.ts). A monitored
 * run is finished after the audit's try, so its watchers must not hear that mark: the stream would end while
 * the run still reads "running" (seen under load in alerts.test.ts).
 */
test('a monitored audit never tells its watchers "stored" before its run is finished; an ordinary one does', async () => {
  const db = await openDatabase(':memory:');
  const config = loadConfig({ DATA_DIR: ':memory:' });
  const definition: JobDefinition<Input, Progress, string, JobDeps & { config: Config }> = {
    name: 'site-audit',
    concurrency: 1,
    attempts: 1,
    backoffMs: 0,
    async run(job) {
      job.progress({ crawled: 3 });
      job.progress({ crawled: 3, stored: true });
      return 'done';
    },
  };
  const wrapped = withMonitoredRuns(definition);
  const heard = async (input: Input) => {
    const progresses: Progress[] = [];
    const job: RunningJob<Input, Progress> = {
      id: 'audit-1',
      input,
      attempt: 1,
      signal: new AbortController().signal,
      progress: (progress) => progresses.push(progress),
    };
    const deps = { db, config, log: { info() {}, warn() {}, error() {} } } as unknown as JobDeps & { config: Config };
    expect(await wrapped.run(job, deps)).toBe('done');
    return progresses;
  };
  expect(await heard({ url: 'https://shop.test/' })).toEqual([{ crawled: 3 }, { crawled: 3, stored: true }]);
  // The run is not in the database: finishing it is a no-op here; the progresses are the point.
  expect(await heard({ url: 'https://shop.test/', monitorRun: 'run-1' })).toEqual([{ crawled: 3 }, { crawled: 3 }]);
  await db.destroy();
});
