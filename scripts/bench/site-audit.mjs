// `npm run bench -- site-audit`: the built server (dist/server.js) audits loopback sites of 2,000
// and 20,000 pages (3 ms latency per page) through POST /api/site-audits, with every non-rendering
// check on, and the bench waits on the audit's event stream. Prints URLs audited, seconds, the
// server's peak RSS (VmHWM from /proc) and the cost per page at each size, so growth worse than
// linear shows; the crawl's seconds (until the events stream's last new `crawled` count) apart from
// what follows it (analysis and report), the server's and the crawled site's CPU seconds (/proc, user + system: on a
// shared machine they move less than the wall clock). Goals: 2,000 pages <= 5 s and <= 250 MB; 20,000 pages <= 30 s and <= 350 MB;
// 100,000 pages <= 150 s and <= 400 MB; 1,000,000 pages <= 30 minutes and <= 1 GB (SIZES=100000 or SIZES=1000000).
// SIZES=2000 runs one size. For scale: linkinator 7.6 (links only) took 2.85 s and 173 MB on the
// 2,000-page site.
import { existsSync, readFileSync } from 'node:fs';
import { startBuiltServer, startFixture, startSiteAudit } from './lib/server.mjs';

const SIZES = (process.env.SIZES ?? process.env.PAGES ?? '2000,20000').split(',').map(Number);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 3);
/** Goals by site size (pages): seconds and peak RSS in MB. */
const GOALS = {
  2000: { seconds: 5, rssMb: 250 },
  20000: { seconds: 30, rssMb: 350 },
  100000: { seconds: 150, rssMb: 400 },
  1000000: { seconds: 1800, rssMb: 1024 },
};

if (!existsSync('dist/server.js')) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

function peakRssMb(pid) {
  const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return kb / 1024;
}

/** The CPU seconds (user + system, all threads) a process has used so far. */
function cpuSeconds(pid) {
  // Fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second on Linux); the name (2) may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Resolves when the audit's event stream ends (done, failed or cancelled), with its text and when the
 * crawled count last grew (the crawl's end, to a progress interval).
 */
async function untilFinished(url) {
  const res = await fetch(url);
  const reader = res.body.getReader();
  let text = '';
  let crawled = -1;
  let crawledAt = performance.now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text, crawledAt };
    text += Buffer.from(value).toString();
    const last = [...text.slice(-4096).matchAll(/"crawled":(\d+)/g)].at(-1);
    if (last && Number(last[1]) > crawled) [crawled, crawledAt] = [Number(last[1]), performance.now()];
  }
}

async function auditSite(pages) {
  const site = await startFixture('scripts/bench/lib/crawl-site.mjs', {
    PAGES: String(pages),
    LATENCY_MS: String(LATENCY_MS),
  });
  const sitePort = site.port;
  // PROFILE=dir: the server's threads write CPU profiles there (node --cpu-prof), one per thread, when it stops.
  const nodeArgs = process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE}/${pages}`] : [];
  // The job's "site audit done" line: an analysis from the store tells each of its steps' milliseconds there.
  let logDone;
  const doneLine = new Promise((resolve) => (logDone = resolve));
  const server = await startBuiltServer(
    {
      FETCH_ALLOW_PRIVATE: `127.0.0.1:${sitePort}`,
      SITE_AUDIT_RATE_LIMIT: '1000',
      // Requests, not pages: robots.txt and the sitemap count too. Past 50,000 the analysis runs from the store (0070).
      SITE_AUDIT_MAX_PAGES: String(pages + 100),
      SITE_AUDIT_MAX_TOTAL_BYTES: String(16 * 1024 ** 3),
      // The default crawl time limit (15 minutes) would stop a million pages.
      SITE_AUDIT_TIMEOUT_MS: String(6 * 3_600_000),
    },
    nodeArgs,
    (entry) => {
      if (entry.msg === 'site audit done') logDone(entry);
    },
  );
  try {
    const idleMb = peakRssMb(server.pid);
    const idleCpu = cpuSeconds(server.pid);
    const siteIdleCpu = cpuSeconds(site.pid);
    const started = performance.now();
    const id = await startSiteAudit(server.url, `http://127.0.0.1:${sitePort}/`);
    const { text: events, crawledAt } = await untilFinished(`${server.url}/api/site-audits/${id}/events`);
    const seconds = (performance.now() - started) / 1000;
    const crawlSeconds = (crawledAt - started) / 1000;
    const cpu = cpuSeconds(server.pid) - idleCpu;
    const siteCpu = cpuSeconds(site.pid) - siteIdleCpu;
    const peakMb = peakRssMb(server.pid);
    const audit = await (await fetch(`${server.url}/api/site-audits/${id}`)).json();
    const issues = (await (await fetch(`${server.url}/api/site-audits/${id}/issues`)).json()).issues ?? [];
    // The line comes once the report is stored, which the events may announce first.
    const done = await Promise.race([doneLine, new Promise((resolve) => setTimeout(resolve, 60_000, {}).unref())]);
    return { pages, audit, events, seconds, crawlSeconds, cpu, siteCpu, peakMb, idleMb, issues, steps: done.analysis };
  } finally {
    await server.stop();
    site.stop();
  }
}

let ok = true;
const results = [];
for (const pages of SIZES) {
  const { audit, events, seconds, crawlSeconds, cpu, siteCpu, peakMb, idleMb, issues, steps } = await auditSite(pages);
  const goal = GOALS[pages];
  const expected = pages + 1;
  const crawled = audit.summary?.pages ?? 0;
  const passed =
    audit.status === 'done' && crawled === expected && (!goal || (seconds <= goal.seconds && peakMb <= goal.rssMb));
  ok &&= passed;
  results.push({ pages, seconds, peakMb, idleMb });
  console.log(`\n--- ${pages} pages ---`);
  console.log(`status:        ${audit.status}${events.includes('event: done') ? '' : ' (no done event)'}`);
  console.log(`URLs audited:  ${crawled} of ${expected} (${pages} pages + home, ${LATENCY_MS} ms latency each)`);
  console.log(`seconds:       ${seconds.toFixed(2)}${goal ? ` (goal <= ${goal.seconds})` : ''}`);
  console.log(
    `pages/second:  ${(crawled / seconds).toFixed(0)} (the crawl alone ${(crawled / crawlSeconds).toFixed(0)})`,
  );
  console.log(
    `phases:        crawl ${crawlSeconds.toFixed(2)} s, then analysis and report ${(seconds - crawlSeconds).toFixed(2)} s`,
  );
  // An analysis from the store (past 50,000 pages of cap): where its time went, step by step (the job's log).
  if (steps)
    console.log(
      `  its steps:   ${Object.entries(steps)
        .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`)
        .join(', ')}`,
    );
  console.log(
    `server CPU:    ${cpu.toFixed(1)} s (${((cpu * 1000) / crawled).toFixed(2)} ms a page; ${(cpu / seconds).toFixed(2)} of a core)`,
  );
  // The crawled site runs on the same cores: what it uses, the server cannot.
  console.log(`site CPU:      ${siteCpu.toFixed(1)} s (${((siteCpu * 1000) / crawled).toFixed(2)} ms a page)`);
  console.log(
    `peak RSS:      ${peakMb.toFixed(1)} MB whole server (idle ${idleMb.toFixed(1)} MB${goal ? `; goal <= ${goal.rssMb}` : ''})`,
  );
  console.log(
    `per page:      ${((seconds * 1000) / crawled).toFixed(2)} ms, ${(((peakMb - idleMb) * 1024) / crawled).toFixed(1)} KB above idle`,
  );
  console.log(`issues:        ${issues.map((group) => `${group.type} ${group.count}`).join(', ') || 'none'}`);
  console.log(passed ? 'PASS' : 'FAIL');
}
if (results.length > 1) {
  const [small, large] = [results[0], results[results.length - 1]];
  const timeGrowth = large.seconds / large.pages / (small.seconds / small.pages);
  const memoryGrowth = (large.peakMb - large.idleMb) / large.pages / ((small.peakMb - small.idleMb) / small.pages);
  console.log(
    `\ncost per page, ${large.pages} vs ${small.pages} pages: time ${timeGrowth.toFixed(2)}×, memory ${memoryGrowth.toFixed(2)}× (1.00 = linear)`,
  );
}
console.log(ok ? 'PASS' : 'FAIL');
process.exitCode = ok ? 0 : 1;
