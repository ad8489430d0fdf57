import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { spawnOwned } from '#test/helpers/owned-processes.ts';

/** The built server on a free port; `logged(text)` settles once its output contains `text`. */
function startServer() {
  const child = spawnOwned(process.execPath, ['dist/server.js'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'shutdown-')),
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      SITE_URL: 'http://localhost',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk;
    for (const waiter of waiters.filter((w) => out.includes(w.text))) waiter.resolve();
  });
  const logged = (text: string) =>
    new Promise<void>((resolve) => (out.includes(text) ? resolve() : waiters.push({ text, resolve })));
  const port = new Promise<number>((resolve, reject) => {
    void logged('"port":').then(() => resolve(Number(/"port":(\d+)/.exec(out)?.[1])));
    child.on('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, exited, logged, output: () => out };
}

test('SIGTERM: the request in flight completes, then the process exits 0', async () => {
  const { child, port, exited, logged, output } = startServer();
  const body = JSON.stringify({ message: 'x'.repeat(1000) });
  const req = request({
    host: '127.0.0.1',
    port: await port,
    method: 'POST',
    path: '/api/in-flight',
    // 100-continue is the readiness signal: the server answers it once it has parsed the request.
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  await new Promise((resolve) => req.once('continue', resolve));
  // Half the body now: the server is mid-request when the signal arrives.
  req.write(body.slice(0, 500));
  child.kill('SIGTERM');
  await logged('shutting down');
  req.end(body.slice(500));
  const res = await response;
  expect(res.status).toBe(404);
  expect(JSON.parse(res.body)).toEqual({ error: 'No API endpoint at POST /api/in-flight' });
  expect(await exited).toBe(0);
  expect(output()).toContain('"msg":"stopped"');
});

test('SIGINT on an idle server exits 0 and says it stopped', async () => {
  const { child, port, exited, output } = startServer();
  await port;
  child.kill('SIGINT');
  expect(await exited).toBe(0);
  expect(output()).toContain('"signal":"SIGINT"');
  expect(output()).toContain('"msg":"stopped"');
});
