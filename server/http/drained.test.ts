import { once } from 'node:events';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGunzip } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterEach, expect, test } from 'vitest';
import { drainedOrClosed } from './drained.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.close();
  server = undefined;
});

/** Incompressible-enough lines (a counter's digits and a hash-like tail) so the gzip stream fills and drains often. */
function line(i: number): string {
  return `${i},${(i * 2654435761) % 4294967296},${'x'.repeat(i % 97)}\n`;
}

test('a compressed response written with a wait at every full buffer keeps one drain listener, not one per wait', async () => {
  const lines = 60_000;
  let waits = 0;
  const app = express();
  app.use(compression({ threshold: 1024 }));
  app.get('/export.csv', async (_req, res) => {
    res.setHeader('Content-Type', 'text/csv');
    for (let i = 0; i < lines; i += 1) {
      if (!res.write(line(i))) {
        waits += 1;
        await drainedOrClosed(res);
      }
    }
    res.end();
  });
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  process.on('warning', onWarning);
  try {
    server = createServer(app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const body = await new Promise<string>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/export.csv', headers: { 'accept-encoding': 'gzip' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('gzip');
        let text = '';
        const gunzip = res.pipe(createGunzip());
        gunzip.setEncoding('utf8');
        gunzip.on('data', (chunk: string) => {
          text += chunk;
        });
        gunzip.on('end', () => resolve(text));
        gunzip.on('error', reject);
      }).on('error', reject);
    });
    expect(body.split('\n').length - 1).toBe(lines);
    expect(body.startsWith(line(0))).toBe(true);
    expect(waits).toBeGreaterThan(10);
    // compression (1.8) hands `drain` listeners to its gzip stream but not their removal: a listener per wait
    // would pile up there (and each drain would call them all), which Node reports past ten.
    expect(warnings.filter((name) => name === 'MaxListenersExceededWarning')).toEqual([]);
  } finally {
    process.off('warning', onWarning);
  }
});
