import type * as Fs from 'node:fs';
import { afterEach, expect, test, vi } from 'vitest';

// A process read through /proc can exit between two reads: its task listing then throws ENOENT.
const vanished = vi.hoisted(() => ({ pid: -1 }));
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof Fs>();
  const gone = (path: unknown) => String(path).startsWith(`/proc/${vanished.pid}/`);
  const enoent = (path: unknown) =>
    Object.assign(new Error(`ENOENT: no such file or directory, scandir '${String(path)}'`), { code: 'ENOENT' });
  return {
    ...fs,
    // Still there when checked, gone when read: the race the sampler met.
    existsSync: (path: Fs.PathLike) => (gone(path) ? true : fs.existsSync(path)),
    readdirSync: ((path: Fs.PathLike, ...rest: unknown[]) => {
      if (gone(path)) throw enoent(path);
      return (fs.readdirSync as (...args: unknown[]) => unknown)(path, ...rest);
    }) as typeof fs.readdirSync,
    readFileSync: ((path: Fs.PathOrFileDescriptor, ...rest: unknown[]) => {
      if (gone(path)) throw enoent(path);
      return (fs.readFileSync as (...args: unknown[]) => unknown)(path, ...rest);
    }) as typeof fs.readFileSync,
  };
});

// @ts-expect-error plain ESM bench helper without type declarations
const proc = await import('./proc.mjs');
const {
  backendSecondsSince,
  childPids,
  postgresBackendSeconds,
  sampleCpuByGroup,
  treeCpuSeconds,
  treePssKib,
  treeRssKib,
} = proc;

afterEach(() => {
  vanished.pid = -1;
});

test('a process that exits while it is sampled counts as no process, and the sampler goes on', () => {
  vanished.pid = process.pid;
  expect(childPids(process.pid)).toEqual([]);
  expect(treeRssKib(process.pid)).toBe(0);
  expect(treePssKib(process.pid)).toBe(0);
  expect(treeCpuSeconds(process.pid)).toBe(0);
});

test('a live process is read as before', () => {
  expect(treeRssKib(process.pid)).toBeGreaterThan(0);
  expect(treeCpuSeconds(process.pid)).toBeGreaterThan(0);
});

test('CPU by group counts a named process from its start, its time at least what it spent', async () => {
  const { spawn } = await import('node:child_process');
  // Spends 0.3 CPU-seconds, says so, then waits to be killed (so it is sampled alive).
  const busy = spawn(process.execPath, [
    '-e',
    "const t = process.cpuUsage(); while (process.cpuUsage(t).user < 300000); console.log('spent'); setInterval(() => {}, 1000);",
  ]);
  try {
    const sampler = sampleCpuByGroup(process.pid, { busy: busy.pid }, 20);
    await new Promise((resolve) => busy.stdout.once('data', resolve));
    const groups = sampler.stop();
    expect(groups.busy.processes).toBe(1);
    expect(groups.busy.user + groups.busy.system).toBeGreaterThanOrEqual(0.29);
    // The test's own process (the root) is the server's group.
    expect(groups.server.processes).toBeGreaterThanOrEqual(1);
  } finally {
    busy.kill('SIGKILL');
  }
});

test('a database’s backends: what each spent since the first reading, one new since counted whole', () => {
  const before = new Map([
    [101, 2.5],
    [102, 1],
  ]);
  const after = new Map([
    [101, 4],
    [103, 0.75],
  ]);
  // 101 spent 1.5 s more; 102 ended (its time is not in the reading after); 103 started with 0.75 s.
  expect(backendSecondsSince(before, after)).toBe(2.25);
  // No PostgreSQL backend serves a database of that name: nothing is read.
  expect(postgresBackendSeconds('no_such_database_here')).toEqual(new Map());
});
