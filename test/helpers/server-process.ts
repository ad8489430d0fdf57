import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operatorProfilePath } from './business.ts';
import { spawnOwned, stopOwned } from './owned-processes.ts';

export interface ServerProcess {
  child: ChildProcess;
  /** The port it listens on; rejects with what it printed when it exits before listening. */
  port: Promise<number>;
  /** Resolves with the first log line matching `pattern`, printed from now on or already. */
  logLine(pattern: RegExp): Promise<string>;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Kills it (and what it started) unless it has exited, and waits for the exit. */
  kill(): Promise<void>;
}

/**
 * The built server (dist/server.js) in a process of its own, with exactly `env` (and PATH): a variable set in the
 * developer's shell must not change a test's outcome. Its log lines are its readiness signals.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawnOwned(process.execPath, ['dist/server.js'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const line = out.split('\n').find((entry) => waiter.pattern.test(entry));
      if (line) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk;
    check();
  });
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk));
  const logLine = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      waiters.push({ pattern, resolve });
      check();
    });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = Promise.race([
    logLine(/"msg":"listening on/).then((line) => (JSON.parse(line) as { port: number }).port),
    exited.then((code) => {
      throw new Error(`the server exited (${code}) before listening:\n${out}`);
    }),
  ]);
  // Awaited by the caller or not, a server that never listens must not become an unhandled rejection.
  port.catch(() => undefined);
  return { child, port, logLine, output: () => out, exited, kill: () => stopOwned(child) };
}

/** The environment of the built server run as an operator runs it (production, their profile) on a free loopback port. */
export function operatorServerEnv(name: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SITE_URL: 'https://seo.example.in',
    SITE_PROFILE: operatorProfilePath,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), `${name}-`)),
    LOG_LEVEL: 'info',
  };
}
