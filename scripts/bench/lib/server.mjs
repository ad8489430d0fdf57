import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Starts the built server on a free loopback port, production settings, logs discarded. */
export async function startBuiltServer(env = {}, nodeArgs = []) {
  const child = spawn(process.execPath, ['--max-semi-space-size=8', ...nodeArgs, 'dist/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Measured as an operator runs it: a real profile (the sample adds a notice and noindex headers).
      SITE_URL: 'http://localhost',
      SITE_PROFILE: 'test/fixtures/profiles/operator.json',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      const match = /"port":(\d+)/.exec(out);
      if (match) {
        child.stdout.off('data', onData);
        child.stdout.resume();
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
