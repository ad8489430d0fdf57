// `npm run bench -- site-audit`: the built server (dist/server.js) audits the 2,000-page loopback
// site (3 ms latency per page) through POST /api/site-audits, and the bench waits on the audit's
// event stream. Prints URLs audited, seconds and the server's peak RSS (VmHWM from /proc).
// Goal: every page in <= 10 s with <= 250 MB peak RSS. For scale: linkinator 7.6 (links only)
// took 2.85 s and 173 MB on this site; the sitemap crawl about 3 s.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { startBuiltServer, startSiteAudit } from './lib/server.mjs';

const PAGES = Number(process.env.PAGES ?? 2000);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 3);
const GOAL_SECONDS = 10;
const GOAL_RSS_MB = 250;

if (!existsSync('dist/server.js')) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

function peakRssMb(pid) {
  const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return kb / 1024;
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

/** Resolves when the audit's event stream ends (done, failed or cancelled). */
async function untilFinished(url) {
  const res = await fetch(url);
  const reader = res.body.getReader();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += Buffer.from(value).toString();
  }
}

const site = spawn(process.execPath, ['scripts/bench/lib/crawl-site.mjs'], {
  env: { ...process.env, PAGES: String(PAGES), LATENCY_MS: String(LATENCY_MS) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const sitePort = await waitForLine(site, /listening (\d+)/);
const server = await startBuiltServer({ FETCH_ALLOW_PRIVATE: `127.0.0.1:${sitePort}`, SITE_AUDIT_RATE_LIMIT: '1000' });
try {
  const idleMb = peakRssMb(server.pid);
  const started = performance.now();
  const id = await startSiteAudit(server.url, `http://127.0.0.1:${sitePort}/`);
  const events = await untilFinished(`${server.url}/api/site-audits/${id}/events`);
  const seconds = (performance.now() - started) / 1000;
  const peakMb = peakRssMb(server.pid);
  const audit = await (await fetch(`${server.url}/api/site-audits/${id}`)).json();
  const issues = (await (await fetch(`${server.url}/api/site-audits/${id}/issues`)).json()).issues ?? [];
  const expected = PAGES + 1;
  const crawled = audit.summary?.pages ?? 0;
  const ok = audit.status === 'done' && crawled === expected && seconds <= GOAL_SECONDS && peakMb <= GOAL_RSS_MB;
  console.log(`status:        ${audit.status}${events.includes('event: done') ? '' : ' (no done event)'}`);
  console.log(`URLs audited:  ${crawled} of ${expected} (${PAGES} pages + home, ${LATENCY_MS} ms latency each)`);
  console.log(`seconds:       ${seconds.toFixed(2)} (goal <= ${GOAL_SECONDS}; linkinator 7.6, links only: 2.85)`);
  console.log(`pages/second:  ${(crawled / seconds).toFixed(0)}`);
  console.log(
    `peak RSS:      ${peakMb.toFixed(1)} MB whole server (idle ${idleMb.toFixed(1)} MB; goal <= ${GOAL_RSS_MB}; linkinator: 173)`,
  );
  console.log(`issues:        ${issues.map((group) => `${group.type} ${group.count}`).join(', ') || 'none'}`);
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
  site.kill('SIGTERM');
}
