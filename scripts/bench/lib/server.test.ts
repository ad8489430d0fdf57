import { expect, test } from 'vitest';
import { spawnOwned } from '#test/helpers/owned-processes.ts';

/*
 * A bench that dies leaves no process behind holding its output open: whoever reads the bench's output
 * (a terminal pipe, CI) would wait for ever. The bench here starts a long-lived child that shares its
 * stderr, as the benches' server and fixture site do, then dies of an uncaught error.
 */
const DYING_BENCH = `
import { spawn } from 'node:child_process';
import { stopWithBench } from './scripts/bench/lib/server.mjs';
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: ['ignore', 'ignore', 'inherit'] });
stopWithBench(child);
child.once('spawn', () => { throw new Error('the bench failed'); });
`;

test('a bench that dies of an uncaught error stops the processes it started, so its output ends', async () => {
  const bench = spawnOwned(process.execPath, ['--input-type=module', '-e', DYING_BENCH], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  bench.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close' comes once every holder of the bench's output pipes has gone.
  const code = await new Promise<number | null>((resolve) => bench.once('close', (exitCode) => resolve(exitCode)));
  expect(code).toBe(1);
  expect(stderr).toContain('the bench failed');
});
