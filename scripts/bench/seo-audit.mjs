// `npm run bench -- seo-audit` (builds first): the built server answers bursts of one-page SEO audits
// (POST /api/seo-audit/audit) of hostile pages, an endless HTML body and a gzip bomb, both dense with
// tags and cut at the audit's 5 MB, while every core of the machine is kept busy by other processes
// (one spinning process per core) and /healthz is asked every 10 ms from this process. Prints the
// audits' answers and /healthz latency p50/p99/max, and two floors measured the same way first: with
// nothing running, and with the cores busy but no audit (what the machine itself costs a request; on a
// shared machine its max moves a lot). Goal: /healthz max < 100 ms during the bursts (docs/decisions/0052).
//   BURST=16    audits at once (half endless, half gzip bomb); each from its own address (X-Forwarded-For)
//   ROUNDS=2    bursts, one after the other
//   FLOOR_MS=5000  how long the busy floor is probed
//   SPINNERS=n  busy processes (default: one per core; 0 for a quiet machine)
//   CPU_PROF=dir  write the server's CPU profiles there (node --cpu-prof) to find a stall
// Measured: see docs/decisions/0052-audit-seams-and-one-page-audit-job.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer, stopWithBench } from './lib/server.mjs';

const BURST = Number(process.env.BURST ?? 16);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const SPINNERS = Number(process.env.SPINNERS ?? availableParallelism());
const FLOOR_MS = Number(process.env.FLOOR_MS ?? 5000);
const GOAL_MS = 100;

/** The hostile site, in a process of its own (lib/hostile-pages.mjs): its origin and the bomb's size. */
async function hostileSite() {
  const child = spawn(process.execPath, ['scripts/bench/lib/hostile-pages.mjs'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  stopWithBench(child);
  const line = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out);
    });
    child.once('exit', (code) => reject(new Error(`the hostile site exited with ${code}`)));
  });
  const [, port, bomb] = /listening (\d+) bomb (\d+)/.exec(line);
  return { origin: `http://127.0.0.1:${port}`, bombBytes: Number(bomb), stop: () => child.kill('SIGTERM') };
}

/** One process per core running a busy loop: the machine has no free core for the server. */
function busyCores(count) {
  return Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    stopWithBench(child);
    return child;
  });
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, count: sorted.length };
}

/** /healthz every 10 ms until `stop()`; answers the latencies and the probes that failed. */
function probe(url) {
  const latencies = [];
  const failures = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const asked = performance.now();
      try {
        await (await fetch(`${url}/healthz`)).text();
        latencies.push(performance.now() - asked);
      } catch (error) {
        failures.push(
          `${(error.cause ?? error).code ?? error.message} after ${(performance.now() - asked).toFixed(0)} ms`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async () => {
    running = false;
    await done;
    return { ...stats(latencies), failures };
  };
}

async function burst(serverUrl, siteOrigin, round) {
  const answers = await Promise.all(
    Array.from({ length: BURST }, async (_, index) => {
      const res = await fetch(`${serverUrl}/api/seo-audit/audit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${round * BURST + index + 1}` },
        body: JSON.stringify({ url: `${siteOrigin}/${index % 2 ? 'bomb' : 'endless'}` }),
      });
      const body = await res.json();
      return `${res.status}${res.status === 200 ? ` ${(body.report.facts.htmlBytes / 1024 / 1024).toFixed(1)} MB` : ` ${body.error}`}`;
    }),
  );
  const counts = new Map();
  for (const answer of answers) counts.set(answer, (counts.get(answer) ?? 0) + 1);
  return [...counts].map(([answer, count]) => `${count} × ${answer}`).join('; ');
}

const site = await hostileSite();
const siteOrigin = site.origin;
const loopFile = join(mkdtempSync(join(tmpdir(), 'loop-')), 'delay.json');
const server = await startBuiltServer(
  {
    FETCH_ALLOW_PRIVATE: siteOrigin.slice('http://'.length),
    TRUST_PROXY: 'loopback',
    TOOL_MAX_RUNNING: String(BURST),
    BENCH_LOOP_DELAY_FILE: loopFile,
    BENCH_LOOP_DELAY_WINDOW: '1',
  },
  [
    '--import',
    './scripts/bench/lib/loop-delay.mjs',
    ...(process.env.CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.CPU_PROF] : []),
  ],
);
let spinners = [];
let ok;
try {
  // One audit first: the server's first request loads and compiles code a running server has ready.
  await fetch(`${server.url}/api/seo-audit/audit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.250' },
    body: JSON.stringify({ url: `${siteOrigin}/bomb` }),
  }).then((res) => res.arrayBuffer());
  const stopIdle = probe(server.url);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const floor = await stopIdle();
  spinners = busyCores(SPINNERS);
  const stopFloor = probe(server.url);
  await new Promise((resolve) => setTimeout(resolve, FLOOR_MS));
  const busyFloor = await stopFloor();
  server.signal('SIGUSR2');
  const stopBusy = probe(server.url);
  const started = performance.now();
  const outcomes = [];
  for (let round = 0; round < ROUNDS; round += 1) outcomes.push(await burst(server.url, siteOrigin, round));
  const seconds = (performance.now() - started) / 1000;
  server.signal('SIGUSR2');
  const health = await stopBusy();
  console.log(
    `hostile pages:   endless HTML and a ${(site.bombBytes / 1024).toFixed(0)} KB gzip bomb (about 50 MB inflated), dense with tags`,
  );
  console.log(`busy cores:      ${SPINNERS} spinning processes on ${availableParallelism()} cores`);
  for (const [index, outcome] of outcomes.entries())
    console.log(`burst ${index + 1}:         ${BURST} audits: ${outcome}`);
  console.log(`bursts:          ${seconds.toFixed(1)} s`);
  const line = (label, figures, what) =>
    console.log(
      `${label.padEnd(17)}p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, max ${figures.max.toFixed(1)} ms (${figures.count} requests, ${what})`,
    );
  line('/healthz idle:', floor, 'nothing running');
  line('/healthz busy:', busyFloor, 'cores busy, no audit');
  line('/healthz:', health, `during the bursts, ${health.failures.length} failed; goal max < ${GOAL_MS} ms`);
  for (const failure of health.failures.slice(0, 5)) console.log(`  failed: ${failure}`);
  ok = health.failures.length === 0 && health.max < GOAL_MS;
} finally {
  for (const child of spinners) child.kill('SIGKILL');
  await server.stop();
  site.stop();
}
// The server's own event loop during the bursts: a stall there is the server's (its main thread held, or
// waiting for a core), the rest of /healthz's latency is on the way to it.
const loop = JSON.parse(readFileSync(loopFile, 'utf8'));
console.log(
  `event loop:      p50 ${loop.p50} ms, p99 ${loop.p99} ms, max ${loop.max} ms (inside the server, during the bursts)`,
);
console.log(ok ? 'PASS' : 'FAIL');
process.exitCode = ok ? 0 : 1;
