// Home page SSR throughput vs. the same compressed bytes served from memory by a bare node:http
// server (autocannon, 32 connections, loopback), and the gzipped JavaScript each page loads.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startBuiltServer } from './lib/server.mjs';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const headers = { 'accept-encoding': 'br, gzip' };
// The page under load: `/` unless BENCH_PATH says otherwise (e.g. `/?utm_source=x` for the page cache).
const PATH = process.env.BENCH_PATH ?? '/';

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const app = await startBuiltServer();
try {
  // node:http, not fetch: we want the bytes on the wire, still compressed.
  const { encoding, compressed, responseHeaders } = await new Promise((resolve, reject) => {
    get(`${app.url}${PATH}`, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          encoding: response.headers['content-encoding'],
          compressed: Buffer.concat(chunks),
          responseHeaders: response.headers,
        }),
      );
    }).on('error', reject);
  });

  // Baselines: the same compressed bytes from memory with nothing else in the way, once with the
  // very response headers the app sends (security headers, ETag, request id: what any honest site
  // must send, so the ratio measures the framework) and once with only the minimal three.
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...sameHeaders } = responseHeaders;
  const minimalHeaders = {
    'content-type': 'text/html; charset=utf-8',
    'content-encoding': encoding ?? 'identity',
    'content-length': compressed.length,
  };
  const bareServer = (sent) => {
    const file = join(mkdtempSync(join(tmpdir(), 'bare-')), 'spec.json');
    writeFileSync(file, JSON.stringify({ headers: sent, body: compressed.toString('base64') }));
    const child = spawn(process.execPath, ['scripts/bench/lib/bare-server.mjs', file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return new Promise((resolve) =>
      child.stdout.once('data', (data) => resolve({ port: Number(String(data).trim()), close: () => child.kill() })),
    );
  };
  const same = await bareServer(sameHeaders);
  const minimal = await bareServer(minimalHeaders);

  await load(`${app.url}${PATH}`); // warm-up: page cache, JIT
  const ssr = await load(`${app.url}${PATH}`);
  const bare = await load(`http://127.0.0.1:${same.port}/`);
  const bareMinimal = await load(`http://127.0.0.1:${minimal.port}/`);
  same.close();
  minimal.close();

  const ratio = ssr.requests.average / bare.requests.average;
  console.log(
    `${PATH} (${encoding ?? 'identity'}, ${compressed.length} bytes), ${CONNECTIONS} connections, ${DURATION_S}s each`,
  );
  console.log(
    `  app SSR:                 ${ssr.requests.average.toFixed(0)} req/s, p99 ${ssr.latency.p99} ms, errors ${ssr.errors + ssr.non2xx}`,
  );
  console.log(`  bare http, same headers: ${bare.requests.average.toFixed(0)} req/s, p99 ${bare.latency.p99} ms`);
  console.log(
    `  bare http, 3 headers:    ${bareMinimal.requests.average.toFixed(0)} req/s, p99 ${bareMinimal.latency.p99} ms`,
  );
  console.log(
    `  ratio (same headers):    ${ratio.toFixed(2)} (target >= 0.85) ${ratio >= 0.85 ? 'OK' : 'BELOW TARGET'}`,
  );
  console.log(`  ratio (3 headers):       ${(ssr.requests.average / bareMinimal.requests.average).toFixed(2)}`);

  // JavaScript each page makes the browser load: scripts and module preloads, gzipped.
  const pages = ['/', '/comma-separator-tool', ...(process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : [])];
  for (const path of pages) {
    const html = await (await fetch(`${app.url}${path}`)).text();
    const urls = new Set(
      [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
        (m) => m[1],
      ),
    );
    let total = 0;
    for (const url of urls)
      total += gzipSync(Buffer.from(await (await fetch(`${app.url}${url}`)).arrayBuffer()), { level: 9 }).length;
    const limit = path === '/' ? 15 : 80;
    console.log(
      `  JS ${path}: ${(total / 1024).toFixed(1)} KB gzipped in ${urls.size} file(s) (target <= ${limit} KB) ${total / 1024 <= limit ? 'OK' : 'OVER'}`,
    );
  }
} finally {
  await app.stop();
}
