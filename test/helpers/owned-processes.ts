import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * The variable that marks every process a test run starts (test/setup/kill-leftovers.ts sets it, with a value of
 * the run's own, before any test file loads; spawnOwned passes it on even to a child given an environment of its own).
 */
export const TEST_RUN_VARIABLE = 'SEO_SITE_TEST_RUN';

const owned = new Set<ChildProcess>();

/** Kills the child's whole process group (what it started goes too); quiet when it is already gone. */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // exited meanwhile
  }
}

/**
 * `spawn` for tests: the child leads a process group of its own, so killing the group ends whatever it started
 * (encoder workers, commands); it carries the run's marker; and it is killed with its group when this test
 * file's worker exits, however the file ended (a timeout, a failed assertion, a hook that never ran). A test
 * still stops what it starts itself (stopOwned, or its own signal); this is the net under it.
 */
export function spawnOwned(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const env = { ...(options.env ?? process.env), [TEST_RUN_VARIABLE]: process.env[TEST_RUN_VARIABLE] ?? 'unmarked' };
  const child = spawn(command, args, { ...options, env, detached: true });
  owned.add(child);
  child.once('exit', () => owned.delete(child));
  return child;
}

/** Kills the child's group and resolves once the child has exited (at once when it already has). */
export async function stopOwned(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killGroup(child, signal);
  await exited;
}

// 'exit' listeners may not wait: signals are sent synchronously, which is all that is needed.
process.on('exit', () => {
  for (const child of owned) killGroup(child);
});
