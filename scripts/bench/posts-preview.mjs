// `npm run bench -- posts-preview` (after `node scripts/build.mjs`): the built server, signed in to
// /admin, is sent hostile Markdown previews for DURATION_S seconds, two at a time, while /healthz is
// asked every 10 ms (docs/decisions/0051). The payloads: the security probe's (50,000 `>`, 500 nested
// list levels, 20,000 `*a`, 20,000 block quotes in a row: refused by the limits before parsing) and the
// heaviest text the limits let through (100,000 characters at the edge of each limit: emphasis runs,
// brackets, 500 block quotes with 1,000 list items), which renders in a job thread.
// Prints each payload's answers and time, /healthz latency, and the event loop's delay inside the server.
// Goal: /healthz max < 100 ms.
//   PAYLOADS=a;b   only the payloads so named
//   CPU_PROF=dir   write the server's CPU profiles there (node --cpu-prof) to find a stall
//   DURATION_S=20  how long previews are sent (after one warm-up preview and 50 idle /healthz probes)
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer } from './lib/server.mjs';

const DURATION_S = Number(process.env.DURATION_S ?? 20);
const GOAL_MS = 100;
const PASSWORD = 'bench admin password';
const ORIGIN = 'http://localhost';

const edge = (paragraph) => {
  const block = `${paragraph}\n\n`;
  return block.repeat(Math.floor(100_000 / block.length));
};
const containers = `${'> x\n\n'.repeat(500)}${'- a\n  - b\n'.repeat(500)}\n`;
const all = {
  'quotes 1,000 deep (probe)': '>'.repeat(1_000),
  'quotes 50,000 deep (probe)': '>'.repeat(50_000),
  'list 500 levels (probe)': `${'- '.repeat(500)}x`,
  '*a x 20,000 (probe)': '*a'.repeat(20_000),
  '20,000 quotes in a row': '> x\n\n'.repeat(20_000),
  'emphasis at the limit': edge('*a'.repeat(999)),
  'brackets at the limit': edge('[a]('.repeat(499)),
  'containers at the limit': containers + edge('word word').slice(containers.length),
};

// PAYLOADS=name;name: only those (a version without the limits blocks for minutes on the larger ones).
const chosen = process.env.PAYLOADS?.split(';');
const payloads = Object.fromEntries(Object.entries(all).filter(([name]) => !chosen || chosen.includes(name)));

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { median: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, count: sorted.length };
}

async function signIn(url) {
  const login = await fetch(`${url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body: `password=${encodeURIComponent(PASSWORD)}`,
    redirect: 'manual',
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const page = await (await fetch(`${url}/admin/posts`, { headers: { cookie, accept: 'text/html' } })).text();
  return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(page)[1] };
}

const loopFile = join(mkdtempSync(join(tmpdir(), 'loop-')), 'delay.json');
const server = await startBuiltServer({ ADMIN_PASSWORD: PASSWORD, BENCH_LOOP_DELAY_FILE: loopFile }, [
  '--import',
  './scripts/bench/lib/loop-delay.mjs',
  ...(process.env.CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.CPU_PROF] : []),
]);
const answers = Object.fromEntries(Object.keys(payloads).map((name) => [name, { statuses: {}, ms: [] }]));
const latencies = [];
const idle = [];
const failures = [];
try {
  const session = await signIn(server.url);
  const preview = async (name) => {
    const asked = performance.now();
    const res = await fetch(`${server.url}/admin/posts/preview`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: session.cookie,
        origin: ORIGIN,
        'x-csrf-token': session.csrf,
      },
      body: JSON.stringify({ body: payloads[name] }),
    });
    await res.arrayBuffer();
    answers[name].statuses[res.status] = (answers[name].statuses[res.status] ?? 0) + 1;
    answers[name].ms.push(performance.now() - asked);
  };
  // Warm: the job thread starts, the server's code is compiled.
  await preview(Object.keys(payloads).at(-1));
  // The same probe with nothing running: on a shared machine, the floor to compare with.
  for (let index = 0; index < 50; index += 1) {
    const asked = performance.now();
    await (await fetch(`${server.url}/healthz`)).text();
    idle.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  server.signal('SIGUSR2');
  const until = performance.now() + DURATION_S * 1000;
  let sending = true;
  const prober = (async () => {
    while (sending) {
      const asked = performance.now();
      try {
        await (await fetch(`${server.url}/healthz`)).text();
        latencies.push(performance.now() - asked);
      } catch (error) {
        failures.push(`${(error.cause ?? error).code ?? error.message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const names = Object.keys(payloads);
  const sender = async (offset) => {
    for (let turn = offset; performance.now() < until; turn += 2) await preview(names[turn % names.length]);
  };
  await Promise.all([sender(0), sender(1)]);
  sending = false;
  await prober;
} finally {
  await server.stop();
}
for (const [name, { statuses, ms }] of Object.entries(answers)) {
  const time = stats(ms);
  console.log(
    `${name.padEnd(28)} ${JSON.stringify(statuses).padEnd(18)} median ${time.median.toFixed(0)} ms, max ${time.max.toFixed(0)} ms (${(payloads[name].length / 1000).toFixed(0)} K chars)`,
  );
}
const floor = stats(idle);
console.log(
  `/healthz idle: median ${floor.median.toFixed(1)} ms, p99 ${floor.p99.toFixed(1)} ms, max ${floor.max.toFixed(1)} ms over ${floor.count} requests (nothing running)`,
);
const health = stats(latencies);
console.log(
  `/healthz: median ${health.median.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms, max ${health.max.toFixed(1)} ms over ${health.count} requests, ${failures.length} failed (goal max < ${GOAL_MS})`,
);
const loop = JSON.parse(readFileSync(loopFile, 'utf8'));
console.log(
  `event loop: max ${loop.max} ms, p99 ${loop.p99} ms, p50 ${loop.p50} ms (in the server, while previews ran)`,
);
const ok = failures.length === 0 && health.max < GOAL_MS;
console.log(ok ? 'PASS' : 'FAIL');
process.exitCode = ok ? 0 : 1;
