import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startStoreChecks } from './checks-thread-start.ts';

// The thread's findings are compared with the analysis's own in streamed-analysis.test.ts; here, how it ends.

test('a store checks thread that cannot open its database fails with why', async () => {
  // The database's directory is a file.
  const dir = mkdtempSync(join(tmpdir(), 'checks-thread-'));
  writeFileSync(join(dir, 'file'), '');
  try {
    const run = startStoreChecks({
      database: { target: join(dir, 'file', 'site.db'), options: {} },
      auditId: 'a',
      signal: undefined,
    });
    await expect(run.done).rejects.toThrow(/^The site audit's store checks failed: EEXIST: file already exists/);
    await run.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a store checks thread whose module throws fails the analysis that awaits it', async () => {
  const run = startStoreChecks({
    database: { target: '/unused', options: {} },
    auditId: 'a',
    signal: undefined,
    entry: new URL('data:text/javascript,throw new Error("the checks broke")'),
  });
  await expect(run.done).rejects.toThrow('the checks broke');
  await run.stop();
});

test('a cancelled audit ends its store checks thread at once: it never says it is done', async () => {
  const cancel = new AbortController();
  const run = startStoreChecks({
    database: { target: '/unused', options: {} },
    auditId: 'a',
    signal: cancel.signal,
    // A module that would post "done" once it has loaded, as the real one does once the checks are written.
    entry: new URL(
      'data:text/javascript,import { parentPort } from "node:worker_threads"; setTimeout(() => parentPort.postMessage({ type: "done" }), 60000);',
    ),
  });
  cancel.abort();
  // The analysis's own stop waits for the end the cancel began (a statement in progress ends first).
  expect(run.stop()).toBe(run.stop());
  await run.stop();
  await expect(run.done).rejects.toThrow("The site audit's store checks stopped before they finished");
});
