// `npm run bench -- site-audit-resume`: an audit of a loopback site of PAGES pages (default 20,000) whose
// server is killed (SIGKILL, as an OOM killer or a crash would) once half of the site is crawled, then
// started again on the same DATA_DIR: the audit carries on from its crawl store. Prints the fixture site's
// requests against its URLs (goal: <= 1.15x, issue 34) and checks the findings (the issues CSV, line for
// line, and the summary) equal those of the same audit run without a kill (`slow-response` rows, which
// follow the machine's load, are counted apart). The kill loses at most a write batch of answers
// (SITE_AUDIT_WRITE_BATCH), so small sites show a larger ratio. SQLite by default;
// DATABASE_URL runs both audits on that PostgreSQL (the restarted server's workers take the audit up again).
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer, startFixture, startSiteAudit } from './lib/server.mjs';

const PAGES = Number(process.env.PAGES ?? 20_000);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 3);
/** Requests of the site at most, per URL it has (robots.txt, the sitemap and the home page included). */
const GOAL_RATIO = 1.15;

if (!existsSync('dist/server.js')) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

async function startSite() {
  const { port, stop } = await startFixture('scripts/bench/lib/crawl-site.mjs', {
    PAGES: String(PAGES),
    LATENCY_MS: String(LATENCY_MS),
  });
  return {
    port,
    url: `http://127.0.0.1:${port}/`,
    fetches: async () => (await fetch(`http://127.0.0.1:${port}/__bench/fetches`)).json(),
    stop,
  };
}

function serverEnv(site, dataDir) {
  return {
    DATA_DIR: dataDir,
    FETCH_ALLOW_PRIVATE: `127.0.0.1:${site.port}`,
    SITE_AUDIT_RATE_LIMIT: '1000',
    SITE_AUDIT_MAX_PAGES: String(Math.min(50_000, PAGES + 100)),
  };
}

async function readAudit(server, id) {
  return (await fetch(`${server.url}/api/site-audits/${id}`)).json();
}

/** Resolves when the audit's event stream ends (done, failed or cancelled). */
async function untilFinished(server, id) {
  const res = await fetch(`${server.url}/api/site-audits/${id}/events`);
  for await (const chunk of res.body) void chunk;
  return readAudit(server, id);
}

/** The issues CSV's lines, sorted, with the fixture site's origin (its port differs per run) written as `SITE`. */
async function findings(server, id, site) {
  const csv = await (await fetch(`${server.url}/api/site-audits/${id}/export.csv`)).text();
  const [header, ...lines] = csv.trimEnd().replaceAll(site.url.slice(0, -1), 'SITE').split('\n');
  // A response slower than the check's threshold depends on the machine's load at that moment, not on the kill.
  const timed = (line) => line.includes(',slow-response,');
  return { header, lines: lines.filter((line) => !timed(line)).sort(), slow: lines.filter(timed).length };
}

/** One audit of a fresh fixture site; `killAt`: crawled pages after which the server is killed and started again. */
async function run(killAt) {
  const site = await startSite();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-resume-'));
  let server = await startBuiltServer(serverEnv(site, dataDir));
  try {
    const started = performance.now();
    const id = await startSiteAudit(server.url, site.url);
    let killedAt;
    if (killAt !== undefined) {
      for (;;) {
        const audit = await readAudit(server, id);
        if (audit.status !== 'queued' && audit.status !== 'running')
          throw new Error(`ended before the kill: ${audit.status}`);
        if ((audit.progress?.crawled ?? 0) >= killAt) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      killedAt = (await site.fetches()).fetches;
      server.signal('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));
      server = await startBuiltServer(serverEnv(site, dataDir));
    }
    const audit = await untilFinished(server, id);
    const seconds = (performance.now() - started) / 1000;
    const served = await site.fetches();
    return { audit, seconds, served, killedAt, found: await findings(server, id, site) };
  } finally {
    await server.stop();
    site.stop();
  }
}

const whole = await run(undefined);
const resumed = await run(Math.floor(PAGES / 2));
const urls = whole.served.paths;
const ratio = resumed.served.fetches / urls;
const same =
  whole.found.header === resumed.found.header &&
  whole.found.lines.length === resumed.found.lines.length &&
  whole.found.lines.every((line, i) => line === resumed.found.lines[i]) &&
  (whole.found.slow > 0 ||
    resumed.found.slow > 0 ||
    JSON.stringify(whole.audit.summary) === JSON.stringify(resumed.audit.summary));
console.log(
  `site:            ${PAGES} pages + home, ${LATENCY_MS} ms latency; ${urls} URLs requested by a whole audit`,
);
console.log(`whole audit:     ${whole.audit.status}, ${whole.seconds.toFixed(2)} s, ${whole.served.fetches} requests`);
console.log(
  `killed audit:    SIGKILL after ${resumed.killedAt} requests; ${resumed.audit.status} after the restart, ${resumed.seconds.toFixed(2)} s in all`,
);
console.log(
  `requests:        ${resumed.served.fetches} for ${urls} URLs = ${ratio.toFixed(3)}x (goal <= ${GOAL_RATIO})`,
);
console.log(
  `findings:        ${whole.found.lines.length} issue rows; ${same ? 'identical' : 'DIFFERENT'} after the kill` +
    ` (slow responses, which follow the machine's load, apart: ${whole.found.slow} and ${resumed.found.slow})`,
);
if (!same) {
  const [before, after] = [new Set(whole.found.lines), new Set(resumed.found.lines)];
  const missing = whole.found.lines.filter((line) => !after.has(line)).slice(0, 5);
  const extra = resumed.found.lines.filter((line) => !before.has(line)).slice(0, 5);
  console.log({ missing, extra, summaries: [whole.audit.summary, resumed.audit.summary] });
}
const ok = whole.audit.status === 'done' && resumed.audit.status === 'done' && same && ratio <= GOAL_RATIO;
console.log(ok ? 'PASS' : 'FAIL');
process.exitCode = ok ? 0 : 1;
