// Home page SSR throughput vs. the same compressed bytes served from memory by a bare node:http
// server (autocannon, 32 connections, loopback), and the gzipped JavaScript each page loads.
import autocannon from 'autocannon';
import { createServer, get } from 'node:http';
import { gzipSync } from 'node:zlib';
import { startBuiltServer } from './lib/server.mjs';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const headers = { 'accept-encoding': 'br, gzip' };

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const app = await startBuiltServer();
try {
  // node:http, not fetch: we want the bytes on the wire, still compressed.
  const { encoding, compressed } = await new Promise((resolve, reject) => {
    get(`${app.url}/`, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'], compressed: Buffer.concat(chunks) }));
    }).on('error', reject);
  });

  // The baseline: the bytes we would send, from memory, with nothing else in the way.
  const raw = await new Promise((resolve) => {
    const server = createServer((_req, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': encoding ?? 'identity', 'content-length': compressed.length });
      response.end(compressed);
    }).listen(0, '127.0.0.1', () => resolve(server));
  });

  await load(`${app.url}/`); // warm-up: page cache, JIT
  const ssr = await load(`${app.url}/`);
  const bare = await load(`http://127.0.0.1:${raw.address().port}/`);
  raw.close();

  const ratio = ssr.requests.average / bare.requests.average;
  console.log(`home page (${encoding ?? 'identity'}, ${compressed.length} bytes), ${CONNECTIONS} connections, ${DURATION_S}s each`);
  console.log(`  app SSR:     ${ssr.requests.average.toFixed(0)} req/s, p99 ${ssr.latency.p99} ms, errors ${ssr.errors + ssr.non2xx}`);
  console.log(`  bare http:   ${bare.requests.average.toFixed(0)} req/s, p99 ${bare.latency.p99} ms`);
  console.log(`  ratio:       ${ratio.toFixed(2)} (target >= 0.70) ${ratio >= 0.7 ? 'OK' : 'BELOW TARGET'}`);

  // JavaScript each page makes the browser load: scripts and module preloads, gzipped.
  const pages = ['/', '/comma-separator-tool', ...(process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : [])];
  for (const path of pages) {
    const html = await (await fetch(`${app.url}${path}`)).text();
    const urls = new Set([...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]));
    let total = 0;
    for (const url of urls) total += gzipSync(Buffer.from(await (await fetch(`${app.url}${url}`)).arrayBuffer()), { level: 9 }).length;
    const limit = path === '/' ? 15 : 80;
    console.log(`  JS ${path}: ${(total / 1024).toFixed(1)} KB gzipped in ${urls.size} file(s) (target <= ${limit} KB) ${total / 1024 <= limit ? 'OK' : 'OVER'}`);
  }
} finally {
  await app.stop();
}
