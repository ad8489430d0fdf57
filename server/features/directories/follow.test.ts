import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import type { JobEvent, JobState, Jobs } from '#server/lib/jobs/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import { followResults } from './follow.ts';
import { DIRECTORY_CHECK_ID, DIRECTORY_CHECK_JOB } from './job.ts';
import type { CheckResults } from './results.ts';
import { storeResults } from './store.ts';

/**
 * What the follower asks of the job system: to watch the check's fixed id, and its state (the
 * fallback for an event that went astray), which says what `state` is set to.
 */
function watchOnly() {
  const listeners = new Set<(event: JobEvent) => void>();
  const check: { state?: JobState } = {};
  const jobs = {
    watch(name: string, id: string, listener: (event: JobEvent) => void) {
      expect([name, id]).toEqual([DIRECTORY_CHECK_JOB, DIRECTORY_CHECK_ID]);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async state(name: string, id: string) {
      expect([name, id]).toEqual([DIRECTORY_CHECK_JOB, DIRECTORY_CHECK_ID]);
      return check.state;
    },
  } as unknown as Jobs;
  return { jobs, listeners, check, emit: (event: JobEvent) => listeners.forEach((listener) => listener(event)) };
}

const resultsOn = (day: string): CheckResults => ({
  version: 1,
  lastRun: { startedAt: `${day}T00:00:00.000Z`, finishedAt: `${day}T00:05:00.000Z`, checked: 1 },
  sites: {
    'https://www.olx.in/': {
      url: 'https://www.olx.in/',
      checkedAt: `${day}T00:01:00.000Z`,
      outcome: 'ok',
      method: 'HEAD',
      consecutiveFailures: 0,
    },
  },
});

describe.each(DIALECTS)('%s', (dialect) => {
  async function setup(refreshMs?: number) {
    const db = await openTestDatabase(dialect);
    const watched = watchOnly();
    const seen: CheckResults[] = [];
    const follower = followResults({
      db,
      jobs: watched.jobs,
      log: createLogger('silent'),
      refreshMs,
      onResults: (results) => seen.push(results),
    });
    onTestFinished(async () => {
      await follower.stop();
      await closeTestDatabase(db);
    });
    return { db, follower, seen, ...watched };
  }

  test('start reads the newest run; a completed check brings the next one; nothing new, nothing handed on', async () => {
    const { db, follower, seen, emit, listeners } = await setup();
    await storeResults(db, resultsOn('2026-03-01'));
    await follower.start();
    expect(seen).toEqual([resultsOn('2026-03-01')]);
    await storeResults(db, resultsOn('2026-03-08'));
    emit({ type: 'progress', progress: { checked: 1, total: 1 } });
    emit({ type: 'failed', error: 'no' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toHaveLength(1);
    emit({ type: 'completed', result: {} });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toEqual(resultsOn('2026-03-08'));
    await follower.refresh();
    expect(seen).toHaveLength(2);
    await follower.stop();
    expect(listeners.size).toBe(0);
  });

  test('without a run nothing is handed on; a check whose end went unheard shows at the next read of its state', async () => {
    const { db, follower, seen, check } = await setup(50);
    await follower.start();
    expect(seen).toEqual([]);
    // Another process ran the check, and its completed event never arrived here.
    await storeResults(db, resultsOn('2026-03-15'));
    check.state = { status: 'completed', result: {}, attempts: 1 };
    await vi.waitFor(() => expect(seen).toEqual([resultsOn('2026-03-15')]), { timeout: 2_000 });
  });

  test('invalid results stop the start, and leave nothing watching', async () => {
    const { db, follower, listeners } = await setup();
    await db.insertInto('directory_checks').values({ id: 'ab', recorded_at: 1, results: 'not json' }).execute();
    await expect(follower.start()).rejects.toThrow(
      'Directory check results in the database (directory_checks row ab) are invalid (not JSON).',
    );
    expect(listeners.size).toBe(0);
  });
});
