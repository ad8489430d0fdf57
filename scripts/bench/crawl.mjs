// `npm run bench:crawl`: the built server (dist/server.js) crawls a 2,000-page loopback site with
// 3 ms latency per page through POST /api/sitemaps. Prints pages found, seconds and the server's
// peak RSS (VmHWM from /proc). Goal: every page in <= 25 s with <= 150 MB peak RSS.
// Reference: the `sitemap-generator` npm package at its defaults took 501 s and 107 MB here.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PAGES = Number(process.env.PAGES ?? 2000);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 3);
const GOAL_SECONDS = 25;
const GOAL_RSS_MB = 150;

if (!existsSync('dist/server.js')) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

function waitForLine(child, pattern, label) {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${label} did not start:\n${output}`)), 20_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`${label} exited with ${code}:\n${output}`)));
  });
}

function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const site = spawn(process.execPath, ['scripts/bench/lib/crawl-site.mjs'], {
  env: { ...process.env, PAGES: String(PAGES), LATENCY_MS: String(LATENCY_MS) },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const sitePort = await waitForLine(site, /listening (\d+)/, 'fixture site');
const dataDir = mkdtempSync(join(tmpdir(), 'bench-crawl-'));
const port = await freePort();
const server = spawn(process.execPath, ['--max-semi-space-size=8', '--initial-old-space-size=128', 'dist/server.js'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    SITE_URL: 'http://localhost',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FETCH_ALLOW_PRIVATE: `127.0.0.1:${sitePort}`,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverOutput = '';
server.stdout.on('data', (chunk) => (serverOutput += chunk));
server.stderr.on('data', (chunk) => (serverOutput += chunk));

try {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 200) throw new Error(`server did not become ready:\n${serverOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const baselineMb = peakRssMb(server.pid);
  const started = performance.now();
  const res = await fetch(`${base}/api/sitemaps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `http://127.0.0.1:${sitePort}/` }),
  });
  const seconds = (performance.now() - started) / 1000;
  const body = await res.json();
  if (!res.ok) throw new Error(`POST /api/sitemaps answered ${res.status}: ${JSON.stringify(body)}`);
  const peakMb = peakRssMb(server.pid);
  // The site has PAGES pages under /page/N plus its home page at /.
  const expected = PAGES + 1;
  const found = body.record.pages;
  const ok = found === expected && seconds <= GOAL_SECONDS && peakMb <= GOAL_RSS_MB;
  console.log(`pages found:   ${found} of ${expected} (${PAGES} pages + home, ${LATENCY_MS} ms latency each)`);
  console.log(`seconds:       ${seconds.toFixed(2)} (goal <= ${GOAL_SECONDS}; sitemap-generator: 501)`);
  console.log(`pages/second:  ${(found / seconds).toFixed(0)}`);
  console.log(
    `peak RSS:      ${peakMb.toFixed(1)} MB whole server (idle ${baselineMb.toFixed(1)} MB; goal <= ${GOAL_RSS_MB}; sitemap-generator: 107)`,
  );
  console.log(`skipped:       ${JSON.stringify(body.report.skippedCounts)}`);
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  site.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
