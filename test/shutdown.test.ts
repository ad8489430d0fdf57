import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

function startServer() {
  const child = spawn(process.execPath, ['dist/server.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'shutdown-')), LOG_LEVEL: 'info', NODE_ENV: 'production', SITE_URL: 'http://localhost' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /"port":(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, exited };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('SIGTERM: the request in flight completes, then the process exits 0', async () => {
  const { child, port, exited } = startServer();
  const body = JSON.stringify({ message: 'x'.repeat(1000) });
  const req = request({ host: '127.0.0.1', port: await port, method: 'POST', path: '/api/in-flight', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  // Half the body now: the server is mid-request when the signal arrives.
  req.write(body.slice(0, 500));
  await sleep(200);
  child.kill('SIGTERM');
  await sleep(300);
  expect(child.exitCode).toBeNull();
  req.end(body.slice(500));
  const res = await response;
  expect(res.status).toBe(404);
  expect(JSON.parse(res.body)).toEqual({ error: 'No API endpoint at POST /api/in-flight' });
  const started = Date.now();
  expect(await exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(10_000);
});

test('SIGINT on an idle server exits 0 promptly', async () => {
  const { child, port, exited } = startServer();
  await port;
  const started = Date.now();
  child.kill('SIGINT');
  expect(await exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(2_000);
});
