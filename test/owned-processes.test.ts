import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { spawnOwned, stopOwned, TEST_RUN_VARIABLE } from '#test/helpers/owned-processes.ts';
import markRun, { leftoversOf } from '#test/setup/kill-leftovers.ts';

/** Whether a process still runs (a zombie waiting for its parent to read its status has ended). */
function running(pid: number): boolean {
  const stat = (() => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return undefined;
    }
  })();
  return stat !== undefined && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

/** Resolves once the process has ended; the kill that ends it was already sent, so this only waits for the kernel. */
async function ended(pid: number): Promise<void> {
  while (running(pid)) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** A node process that starts one more (it prints the grandchild's pid) and then waits forever. */
const PARENT = `const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
console.log(child.pid);
setInterval(() => {}, 1000);`;

function firstLine(child: ReturnType<typeof spawn>): Promise<number> {
  return new Promise((resolve) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('\n')) resolve(Number(out.split('\n')[0]));
    });
  });
}

test('the run marks every process it starts, and a child started by spawnOwned is stopped with what it started', async () => {
  expect(process.env[TEST_RUN_VARIABLE]).toMatch(/^[0-9a-f-]{36}$/);
  const parent = spawnOwned(process.execPath, ['-e', PARENT], { env: { PATH: process.env.PATH ?? '' } });
  const grandchild = await firstLine(parent);
  expect(running(grandchild)).toBe(true);
  // Marked although it was given an environment of its own; vitest's own processes are not leftovers.
  const marked = leftoversOf(process.env[TEST_RUN_VARIABLE]!).map(({ pid }) => pid);
  expect(marked).toEqual(expect.arrayContaining([parent.pid, grandchild]));
  expect(marked).not.toContain(process.pid);
  await stopOwned(parent);
  await ended(grandchild);
  expect(running(grandchild)).toBe(false);
});

test("the run's teardown kills what tests left running, and nothing of another run", async () => {
  const previous = process.env[TEST_RUN_VARIABLE];
  const teardown = markRun();
  try {
    const left = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
      env: { ...process.env, [TEST_RUN_VARIABLE]: 'another-run' },
    });
    const gone = new Promise((resolve) => left.once('exit', resolve));
    await new Promise((resolve) => other.once('spawn', resolve));
    const stderr = process.stderr.write;
    let said = '';
    process.stderr.write = ((text: string) => ((said += text), true)) as typeof process.stderr.write;
    try {
      teardown();
    } finally {
      process.stderr.write = stderr;
    }
    await gone;
    expect(said).toContain(`Killed 1 process(es) the tests left running:\n  ${left.pid} `);
    expect(running(other.pid!)).toBe(true);
    other.kill('SIGKILL');
  } finally {
    process.env[TEST_RUN_VARIABLE] = previous;
  }
});
