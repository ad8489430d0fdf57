// `node scripts/bench/robots-hostile.mjs` (after `npm run build`; not run in CI): the built server
// audits a loopback site whose robots.txt holds ~19,500 hostile wildcard rules (500 KB) and whose
// start page links to LINKS URLs of 2,000 characters, while /healthz is asked every 10 ms.
// Prints the per-URL match time of the robots matcher and healthz latency (median, max) during
// the audit. Goal: healthz max < 100 ms. RULES=distinct makes every rule different.
import http from 'node:http';
import { tsImport } from 'tsx/esm/api';
import { startBuiltServer } from './lib/server.mjs';

const LINKS = Number(process.env.LINKS ?? 12);
const DISTINCT = process.env.RULES === 'distinct';
const GOAL_MS = 100;

const rules = Array.from({ length: 19_500 }, (_, index) => `Disallow: /*a*a*a*a*a*a*b${DISTINCT ? index : ''}\n`).join('');
const robotsTxt = `User-agent: *\n${rules}`;
const longPath = (index) => `/${'a'.repeat(1990)}${String(index).padStart(9, '0')}`;
const startPage = `<!doctype html><title>hostile</title>${Array.from({ length: LINKS }, (_, index) => `<a href="${longPath(index)}">${index}</a>`).join('')}`;

// The matcher alone, in this process: one URL of 2,000 characters against the whole file.
const { robotsMatcher } = await tsImport('../../server/lib/crawler/robots-txt.ts', import.meta.url);
let started = performance.now();
const matcher = robotsMatcher(Buffer.from(robotsTxt), 'DelhiSeoToolsBot');
const parseMs = performance.now() - started;
const perUrl = [];
for (let index = 0; index < 50; index += 1) {
  started = performance.now();
  matcher.isAllowed(`http://site.test${longPath(index)}b`);
  perUrl.push(performance.now() - started);
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? NaN, max: sorted.at(-1) ?? NaN, count: sorted.length };
}

const site = http.createServer((req, res) => {
  if (req.url === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end(robotsTxt);
  if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(startPage);
  res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>page</title><p>page</p>');
});
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const sitePort = site.address().port;
const server = await startBuiltServer({ FETCH_ALLOW_PRIVATE: `127.0.0.1:${sitePort}`, SITE_AUDIT_RATE_LIMIT: '1000' });
try {
  // The same probe with nothing running first: on a shared machine that is the floor to compare with.
  const idle = [];
  for (let index = 0; index < 30; index += 1) {
    const asked = performance.now();
    await (await fetch(`${server.url}/healthz`)).text();
    idle.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const latencies = [];
  let auditing = true;
  const prober = (async () => {
    while (auditing) {
      const asked = performance.now();
      await (await fetch(`${server.url}/healthz`)).text();
      latencies.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  started = performance.now();
  const res = await fetch(`${server.url}/api/site-audits`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: `http://127.0.0.1:${sitePort}/` }) });
  const { id, error } = await res.json();
  if (res.status !== 202) throw new Error(`POST /api/site-audits answered ${res.status}: ${error}`);
  await (await fetch(`${server.url}/api/site-audits/${id}/events`)).text();
  const auditSeconds = (performance.now() - started) / 1000;
  auditing = false;
  await prober;
  const audit = await (await fetch(`${server.url}/api/site-audits/${id}`)).json();
  const match = stats(perUrl);
  const health = stats(latencies);
  console.log(`robots.txt:      ${(robotsTxt.length / 1024).toFixed(0)} KiB, ${DISTINCT ? 'distinct' : 'identical'} hostile rules; parse ${parseMs.toFixed(1)} ms`);
  console.log(`per-URL match:   median ${match.median.toFixed(3)} ms, max ${match.max.toFixed(3)} ms (2,000-character URL, ${match.count} URLs)`);
  console.log(`audit:           ${audit.status}, ${audit.summary?.pages ?? 0} URLs, ${auditSeconds.toFixed(2)} s, ${LINKS} long links`);
  const floor = stats(idle);
  console.log(`/healthz idle:   median ${floor.median.toFixed(1)} ms, max ${floor.max.toFixed(1)} ms over ${floor.count} requests`);
  console.log(`/healthz:        median ${health.median.toFixed(1)} ms, max ${health.max.toFixed(1)} ms over ${health.count} requests (goal max < ${GOAL_MS})`);
  const ok = audit.status === 'done' && health.max < GOAL_MS;
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
  site.close();
}
