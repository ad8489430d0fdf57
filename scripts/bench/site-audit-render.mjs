// `npm run bench -- site-audit-render`: the built server (dist/server.js) audits the single-page
// application fixture (test/fixtures/site-audit-spa-site.ts: every route is an empty shell that
// /app.js renders, links created by the script) with "Render JavaScript" on, through
// POST /api/site-audits. Prints pages rendered, seconds, rendered pages per second, and the peak
// memory of the server's process tree (the server and its Chromium: PSS, and RSS for scale).
// Goal: every route rendered at >= 8 pages/s on 2 cores. SITE_AUDIT_RENDER_CONCURRENCY and
// SITE_AUDIT_RENDER_MAX_MB pass through to the server.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sampleRss, treeCpuSeconds } from './lib/proc.mjs';
import { startBuiltServer } from './lib/server.mjs';

const PAGES = Number(process.env.PAGES ?? 200);
const GOAL_PAGES_PER_SECOND = 8;

if (!existsSync('dist/server.js')) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

function waitForLine(child, pattern) {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = pattern.exec(output);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`fixture site exited with ${code}: ${output}`)));
  });
}

async function untilFinished(url) {
  const res = await fetch(url);
  const reader = res.body.getReader();
  for (;;) {
    const { done } = await reader.read();
    if (done) return;
  }
}

const site = spawn(process.execPath, ['scripts/bench/lib/spa-site.mjs'], {
  env: { ...process.env, PAGES: String(PAGES) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const sitePort = await waitForLine(site, /listening (\d+)/);
const server = await startBuiltServer({ FETCH_ALLOW_PRIVATE: `127.0.0.1:${sitePort}`, SITE_AUDIT_RATE_LIMIT: '1000' });
try {
  const memory = sampleRss(server.pid);
  const cpuBefore = treeCpuSeconds(server.pid);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/site-audits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `http://127.0.0.1:${sitePort}/`, render: true }),
  });
  const { id, error } = await res.json();
  if (res.status !== 202) throw new Error(`POST /api/site-audits answered ${res.status}: ${error}`);
  await untilFinished(`${server.url}/api/site-audits/${id}/events`);
  const seconds = (performance.now() - started) / 1000;
  const peaks = memory.stop();
  // CPU of the server and its Chromium (exited processes included once reaped): on a machine shared with
  // other work the wall-clock rate understates what 2 free cores give; pages per CPU-second does not.
  const cpuSeconds = treeCpuSeconds(server.pid) - cpuBefore;
  const audit = await (await fetch(`${server.url}/api/site-audits/${id}`)).json();
  const issues = (await (await fetch(`${server.url}/api/site-audits/${id}/issues`)).json()).issues ?? [];
  const routes = PAGES + 7;
  const rendered = audit.report?.render?.rendered ?? 0;
  const perSecond = rendered / seconds;
  const ok = audit.status === 'done' && rendered === routes && perSecond >= GOAL_PAGES_PER_SECOND;
  console.log(
    `status:          ${audit.status}${audit.report?.render?.stopped ? ` (${audit.report.render.stopped})` : ''}`,
  );
  console.log(`pages rendered:  ${rendered} of ${routes} routes (URLs audited: ${audit.summary?.pages ?? 0})`);
  console.log(`seconds:         ${seconds.toFixed(2)}`);
  console.log(`pages/second:    ${perSecond.toFixed(1)} (goal >= ${GOAL_PAGES_PER_SECOND})`);
  console.log(
    `CPU:             ${cpuSeconds.toFixed(1)} s server and Chromium = ${(rendered / cpuSeconds).toFixed(1)} pages per CPU-second (2 free cores: up to ${((2 * rendered) / cpuSeconds).toFixed(1)} pages/s); load average ${loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `peak memory:     ${peaks.peakPssMb} MB PSS / ${peaks.peakTreeMb} MB RSS, server and Chromium together (server alone ${peaks.peakServerMb} MB RSS; ${peaks.peakProcesses} processes)`,
  );
  console.log(`issues:          ${issues.map((group) => `${group.type} ${group.count}`).join(', ') || 'none'}`);
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
  site.kill('SIGTERM');
}
