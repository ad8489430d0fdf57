// `npm run bench -- monitoring-watch` (issue 35): the change watch of MONITORS (50) client monitors
// of PAGES (500) loopback pages each, on the built server with its embedded queue, at the real
// 15-minute cycle (MONITOR_WATCH_INTERVAL_S, default 900; a shorter one compresses the cycle) for
// DURATION_S (180) seconds: the watch chooses every monitor's pages (start page and sitemap) at its
// first look, then reads each page once a cycle, spread over it. Measured: pages read per second
// (the goal is MONITORS × PAGES / cycle), the process tree's CPU share and peak memory, and the
// page `/` at 20 req/s throughout (goal p99 <= 50 ms), beside `/` for CONTROL_S (30) seconds just
// before the monitors exist (the same server and machine without the watch: what the load of the
// machine alone costs) and the load average. At the end, whether the cycle holds: the watched pages
// read within the last cycle, those not read yet (and how long ago their monitor's pages were
// chosen), the oldest reading's age and the pages overdue by more than one look (15 s): a run of
// DURATION_S=1000 at the real cycle shows every page read within 15 minutes once the ramp is over.
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { steadyLoad } from './lib/load.mjs';
import { sampleRss, treeCpuSeconds } from './lib/proc.mjs';
import { startBuiltServer } from './lib/server.mjs';

const MONITORS = Number(process.env.MONITORS ?? 50);
const PAGES = Number(process.env.PAGES ?? 500);
const INTERVAL_S = Number(process.env.MONITOR_WATCH_INTERVAL_S ?? 900);
const DURATION_S = Number(process.env.DURATION_S ?? 180);
const CONTROL_S = Number(process.env.CONTROL_S ?? 30);

/** One company site: robots.txt, a sitemap of its pages, pages with a head, navigation and dynamic parts. */
async function startSite() {
  let reads = 0;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const origin = `http://127.0.0.1:${server.address().port}`;
    if (path === '/robots.txt') {
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(`User-agent: *\nDisallow: /admin/\nSitemap: ${origin}/sitemap.xml\n`);
      return;
    }
    if (path === '/sitemap.xml') {
      const urls = Array.from({ length: PAGES }, (_, i) => `<url><loc>${origin}/p${i}</loc></url>`).join('');
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
      return;
    }
    reads += 1;
    const links = Array.from({ length: 20 }, (_, i) => `<a href="/p${(i * 25) % PAGES}">Page ${i}</a>`).join(' ');
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><head><title>Page ${path} | Widgets</title><meta name="description" content="About ${path}">` +
          `<link rel="canonical" href="${origin}${path}"><script type="application/ld+json">{"@type":"WebPage"}</script></head>` +
          `<body><nav>${links}</nav><h1>Widgets ${path}</h1><p>${'Hand-made widgets shipped across India. '.repeat(40)}</p>` +
          `<p>Generated at ${new Date().toISOString()}</p><input type="hidden" name="csrf" value="${Math.random()}"></body></html>`,
      );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    reads: () => reads,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Whether every watched page is at most a cycle old at `now` (ISO times compare as text). */
function cycleState(db, now) {
  const iso = (ms) => new Date(ms).toISOString();
  const count = (sql, ...args) => db.prepare(sql).get(...args).n;
  const oldest = db.prepare('SELECT MIN(read_at) AS at FROM monitor_watch_pages').get().at;
  const unreadChosen = db
    .prepare(
      `SELECT MIN(w.pages_at) AS at FROM monitor_watch_pages p JOIN monitor_watches w ON w.monitor_id = p.monitor_id
       WHERE p.read_at IS NULL`,
    )
    .get().at;
  const late = db.prepare('SELECT MIN(next_read_at) AS at FROM monitor_watch_pages').get().at;
  return {
    withinCycle: count(
      'SELECT COUNT(*) AS n FROM monitor_watch_pages WHERE read_at >= ?',
      iso(now - INTERVAL_S * 1000),
    ),
    unread: count('SELECT COUNT(*) AS n FROM monitor_watch_pages WHERE read_at IS NULL'),
    unreadChosenS: unreadChosen ? (now - Date.parse(unreadChosen)) / 1000 : 0,
    oldestS: oldest ? (now - Date.parse(oldest)) / 1000 : 0,
    overdue: count('SELECT COUNT(*) AS n FROM monitor_watch_pages WHERE next_read_at < ?', iso(now - 15_000)),
    lateS: late ? Math.max(0, (now - Date.parse(late)) / 1000) : 0,
  };
}

const sites = await Promise.all(Array.from({ length: MONITORS }, startSite));
const dataDir = mkdtempSync(join(tmpdir(), 'bench-watch-'));
const server = await startBuiltServer({
  DATA_DIR: dataDir,
  FETCH_ALLOW_PRIVATE: sites.map((site) => site.origin.slice('http://'.length)).join(','),
  MONITOR_WATCH_INTERVAL_S: String(INTERVAL_S),
  MONITOR_MAX_SITES: String(MONITORS + 10),
});

const loadBefore = loadavg();
const control = steadyLoad(`${server.url}/`, 20);
await new Promise((resolve) => setTimeout(resolve, CONTROL_S * 1000));
const idle = await control();

// The monitors, as the operator's client sites: scheduled (their audits far ahead), so the watch covers them.
const db = new Database(join(dataDir, 'site.db'));
const insert = db.prepare(
  `INSERT INTO monitors (id, kind, url, origin, email, email_key, recipients, schedule, status, email_confirmed_at,
   verification_token, score_drop, next_run_at, created_at) VALUES (?, 'client', ?, ?, 'owner@widgets.test',
   'owner@widgets.test', '["owner@widgets.test"]', 'monthly', 'active', ?, 'token', 5, ?, ?)`,
);
const now = new Date().toISOString();
const far = new Date(Date.now() + 30 * 86_400_000).toISOString();
sites.forEach((site, i) =>
  insert.run(`benchWatch${String(i).padStart(12, '0')}`, `${site.origin}/`, site.origin, now, far, now),
);
db.close();

const cpuBefore = treeCpuSeconds(server.pid);
const memory = sampleRss(server.pid, 500);
const load = steadyLoad(`${server.url}/`, 20);
const started = performance.now();
await new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000));
const page = await load();
const seconds = (performance.now() - started) / 1000;
const cpu = treeCpuSeconds(server.pid) - cpuBefore;
const peaks = memory.stop();
const reads = sites.reduce((sum, site) => sum + site.reads(), 0);
const check = new Database(join(dataDir, 'site.db'), { readonly: true });
const watched = check.prepare('SELECT COUNT(*) AS n FROM monitor_watch_pages').get().n;
const changes = check.prepare('SELECT COUNT(*) AS n FROM monitor_changes').get().n;
const cycle = cycleState(check, Date.now());
check.close();
await server.stop();
await Promise.all(sites.map((site) => site.close()));

const goal = (MONITORS * PAGES) / INTERVAL_S;
console.log(`${MONITORS} monitors × ${PAGES} pages, cycle ${INTERVAL_S} s, measured ${seconds.toFixed(0)} s`);
console.log(`watched pages: ${watched}; changes recorded: ${changes} (the pages do not change: goal 0)`);
console.log(`pages read: ${reads} = ${(reads / seconds).toFixed(1)}/s (one cycle's pace: ${goal.toFixed(1)}/s)`);
console.log(
  `server tree CPU: ${cpu.toFixed(1)} s = ${((cpu / seconds) * 100).toFixed(0)}% of one core; peak RSS ${peaks.peakTreeMb} MB (server ${peaks.peakServerMb} MB)`,
);
console.log(
  `at the end: ${cycle.withinCycle} of ${watched} pages read within the last cycle (${INTERVAL_S} s); ` +
    `${cycle.unread} not read yet (their pages chosen ${cycle.unreadChosenS.toFixed(0)} s ago at most); ` +
    `oldest reading ${cycle.oldestS.toFixed(0)} s old; ${cycle.overdue} pages overdue by more than a look ` +
    `(the most overdue ${cycle.lateS.toFixed(0)} s)`,
);
const averages = (values) => values.map((value) => value.toFixed(2)).join(', ');
console.log(`load average (1, 5, 15 min) before: ${averages(loadBefore)}; after: ${averages(loadavg())}`);
console.log(
  `/ at 20 req/s for ${CONTROL_S} s before the monitors (no watch): p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms, max ${idle.max.toFixed(1)} ms`,
);
console.log(
  `/ at 20 req/s: ${page.count} answers, ${page.errors} errors, p50 ${page.p50.toFixed(1)} ms, p99 ${page.p99.toFixed(1)} ms, max ${page.max.toFixed(1)} ms (goal p99 <= 50 ms)`,
);
