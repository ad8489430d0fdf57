import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts the built server on a free loopback port, production settings. Its log lines go to `onLog`
 * (each parsed from its JSON), else are discarded. `script` is another build's server to start.
 */
export async function startBuiltServer(env = {}, nodeArgs = [], onLog = undefined, script = undefined) {
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=8', '--initial-old-space-size=128', ...nodeArgs, script ?? 'dist/server.js'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // Measured as an operator runs it: a real profile (the sample adds a notice and noindex headers).
        SITE_URL: 'http://localhost',
        SITE_PROFILE: 'test/fixtures/profiles/operator.json',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        ...env,
        DATA_DIR: env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bench-')),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  stopWithBench(child);
  const port = await new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      const match = /"port":(\d+)/.exec(out);
      if (match) {
        child.stdout.off('data', onData);
        if (onLog) followLog(child.stdout, onLog);
        else child.stdout.resume();
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    signal: (name) => child.kill(name),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A bench that dies (an uncaught error) must not leave `child` running: it would hold the bench's output
 * pipe open, and whoever reads that output would wait for ever. It is asked to stop as the bench exits.
 */
export function stopWithBench(child) {
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.once('exit', stop);
  child.once('exit', () => process.removeListener('exit', stop));
}

function followLog(stream, onLog) {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      try {
        onLog(JSON.parse(line));
      } catch {
        // not a JSON log line
      }
    }
  });
}

/** Starts a site audit of `siteUrl` on the built server; answers its id (throws unless 202). */
export async function startSiteAudit(serverUrl, siteUrl) {
  const res = await fetch(`${serverUrl}/api/site-audits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: siteUrl }),
  });
  const { id, error } = await res.json();
  if (res.status !== 202) throw new Error(`POST /api/site-audits answered ${res.status}: ${error}`);
  return id;
}

/**
 * Starts a bench fixture: a script under scripts/bench/lib that prints `listening <port>` once it serves on
 * loopback. Runs in its own process (its memory and CPU are not the server's) and is stopped with the bench.
 */
export async function startFixture(script, env = {}) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  stopWithBench(child);
  const port = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}: ${output}`)));
  });
  return { child, pid: child.pid, port, stop: () => child.kill('SIGTERM') };
}

/** Resolves with the audit once its status is final (polled every 100 ms: works whichever process runs it). */
export async function untilFinished(serverUrl, id) {
  for (;;) {
    const audit = await (await fetch(`${serverUrl}/api/site-audits/${id}`)).json();
    if (['done', 'failed', 'cancelled'].includes(audit.status)) return audit;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
