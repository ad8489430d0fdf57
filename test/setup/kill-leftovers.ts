import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { TEST_RUN_VARIABLE } from '../helpers/owned-processes.ts';

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // exited meanwhile, or not ours to read
  }
}

/**
 * Processes that still carry the run's marker, other than vitest's own (the main process and its workers, which
 * inherit the marker too). Every child a test starts carries it: spawnOwned sets it, and a plain spawn passes it
 * on with process.env. Linux only (/proc); elsewhere none are found.
 */
export function leftoversOf(run: string, self = process.pid): Array<{ pid: number; command: string }> {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const found: Array<{ pid: number; command: string }> = [];
  for (const pid of pids) {
    if (Number(pid) === self) continue;
    const environ = read(`/proc/${pid}/environ`);
    if (!environ?.split('\0').includes(`${TEST_RUN_VARIABLE}=${run}`)) continue;
    const command = (read(`/proc/${pid}/cmdline`) ?? '').replaceAll('\0', ' ').trim();
    if (/[/\\]vitest[/\\]/.test(command)) continue;
    found.push({ pid: Number(pid), command });
  }
  return found;
}

/**
 * Marks the run (every process started from here on inherits the marker), and at the very end kills what the
 * tests left running: a test that timed out before its cleanup, a worker killed with its children still up.
 * Listed first in vitest.config.ts, so its teardown runs after every other one.
 */
export default function markRun(): () => void {
  const run = randomUUID();
  process.env[TEST_RUN_VARIABLE] = run;
  return () => {
    const leftovers = leftoversOf(run);
    for (const { pid } of leftovers) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // exited meanwhile
      }
    }
    if (leftovers.length > 0)
      process.stderr.write(
        `Killed ${leftovers.length} process(es) the tests left running:\n${leftovers
          .map(({ pid, command }) => `  ${pid} ${command.slice(0, 160)}`)
          .join('\n')}\n`,
      );
  };
}
