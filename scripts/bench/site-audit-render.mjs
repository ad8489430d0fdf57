// `npm run bench -- site-audit-render`: the built server (dist/server.js) audits two single-page
// application fixtures with "Render JavaScript" on, through POST /api/site-audits: `spa`
// (test/fixtures/site-audit-spa-site.ts: every route is an empty shell that /app.js renders, links
// created by the script; PAGES + 7 routes) and `data` (test/fixtures/site-audit-data-spa-site.ts: one
// shell, a module script that asks for the page's data 100–500 ms after it starts and imports a section
// lazily; PAGES + 5 routes, each of which must be read with its real title). FIXTURES=spa or =data runs one. Prints pages rendered, seconds, rendered pages per second, and the peak
// memory of the server's process tree (the server and its Chromium: PSS, and RSS for scale), and the
// audit's render latencies from its log (browser start, navigation to DOM read, idle render slots), and the
// CPU-seconds per rendered page of each process group (server, Chromium's browser process, its renderers,
// its other processes, the fixture site), the figure to compare before and after on a shared machine.
// Goal: every route rendered at >= 8 pages/s on 2 cores. SITE_AUDIT_RENDER_CONCURRENCY and
// SITE_AUDIT_RENDER_MAX_MB pass through to the server.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sampleCpuByGroup, sampleRss } from './lib/proc.mjs';
import { startBuiltServer, startFixture } from './lib/server.mjs';

const PAGES = Number(process.env.PAGES ?? 200);
const GOAL_PAGES_PER_SECOND = 8;

if (!existsSync('dist/server.js')) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

/**
 * Reads the audit's event stream to its end. A stream still open well after the audit's row says it
 * ended is a bug of the server's, not a slow audit: the bench says so (with the last event) and fails
 * instead of waiting for ever. Answers whether the stream ended by itself.
 */
async function untilFinished(serverUrl, id) {
  const res = await fetch(`${serverUrl}/api/site-audits/${id}/events`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let last = '';
  let endedAt;
  let stuck = false;
  const watchdog = setInterval(async () => {
    // A poll that loses its kept-alive socket to the server's idle close (a busy machine) tries at the next tick.
    const status = await fetch(`${serverUrl}/api/site-audits/${id}`)
      .then(async (res) => (await res.json()).status)
      .catch(() => 'running');
    if (status === 'queued' || status === 'running') return;
    endedAt ??= Date.now();
    if (Date.now() - endedAt < 15_000) return;
    clearInterval(watchdog);
    stuck = true;
    console.error(`The audit is ${status}, but its event stream is still open 15 s later; last event: ${last.trim()}`);
    void reader.cancel();
  }, 3000);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return !stuck;
      const text = decoder.decode(value, { stream: true });
      if (text.includes('event:')) last = text;
    }
  } finally {
    clearInterval(watchdog);
  }
}

/** The titles of the audit's pages, as its pages list gives them. */
async function renderedTitles(serverUrl, id) {
  const titles = [];
  for (let page = 1; ; page += 1) {
    const res = await fetch(`${serverUrl}/api/site-audits/${id}/pages?perPage=200&page=${page}`);
    const body = await res.json();
    titles.push(...(body.pages ?? []).map((row) => row.facts.title));
    if (!body.pages?.length || titles.length >= body.total) return titles;
  }
}

/** Routes of each fixture, and how many of its pages must be read with the title their data gives. */
const FIXTURES = {
  spa: { routes: PAGES + 7, titled: () => true },
  data: { routes: PAGES + 5, titled: (title) => title?.startsWith('Data shop: ') },
};

/**
 * CPU-seconds per rendered page of each process group (server with its job threads, Chromium's browser
 * process, its renderers, its other processes, the fixture site), user and system time apart: the figure
 * to compare before and after a change on a machine others share, where pages/s moves with their load.
 * Pages/s on two free cores is at most 2 / (all groups' CPU-seconds per page).
 */
function cpuPerPage(groups, pages) {
  const perPage = (seconds) => (pages ? seconds / pages : 0);
  const total = Object.values(groups).reduce((sum, group) => sum + group.user + group.system, 0);
  const systemTotal = Object.values(groups).reduce((sum, group) => sum + group.system, 0);
  const rows = Object.entries(groups)
    .sort(([, a], [, b]) => b.user + b.system - (a.user + a.system))
    .map(
      ([name, group]) =>
        `  ${`${name} (${group.processes}):`.padEnd(24)}${(perPage(group.user + group.system) * 1000).toFixed(1).padStart(6)} ms/page  (user ${(perPage(group.user) * 1000).toFixed(1)}, system ${(perPage(group.system) * 1000).toFixed(1)})`,
    );
  return [
    `CPU per page:    ${(perPage(total) * 1000).toFixed(1)} ms in all (${total.toFixed(1)} s; system ${total ? Math.round((100 * systemTotal) / total) : 0} %), so 2 free cores give at most ${(2 / perPage(total)).toFixed(1)} pages/s:`,
    ...rows,
  ].join('\n');
}

async function benchFixture(name) {
  const site = await startFixture('scripts/bench/lib/spa-site.mjs', { PAGES: String(PAGES), FIXTURE: name });
  const sitePort = site.port;
  // The audit's own latency facts ('site audit done' log: RenderTimings), less dependent on a busy CPU than pages/s.
  let timings;
  let timingsLogged;
  const timingsArrived = new Promise((resolve) => (timingsLogged = resolve));
  const server = await startBuiltServer(
    { FETCH_ALLOW_PRIVATE: `127.0.0.1:${sitePort}`, SITE_AUDIT_RATE_LIMIT: '1000' },
    [],
    (line) => {
      if (line.msg !== 'site audit done' || !line.render) return;
      timings = line.render;
      timingsLogged();
    },
  );
  try {
    const memory = sampleRss(server.pid);
    const cpuGroups = sampleCpuByGroup(server.pid, { 'fixture site': site.pid });
    const started = performance.now();
    const res = await fetch(`${server.url}/api/site-audits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${sitePort}/`, render: true }),
    });
    const { id, error } = await res.json();
    if (res.status !== 202) throw new Error(`POST /api/site-audits answered ${res.status}: ${error}`);
    const streamEnded = await untilFinished(server.url, id);
    const seconds = (performance.now() - started) / 1000;
    const peaks = memory.stop();
    // CPU of the server and its Chromium, sampled process by process: on a machine shared with other work the
    // wall-clock rate understates what 2 free cores give; CPU per page does not. (The tree's cumulative times,
    // used before, missed most of Chromium's exited processes: 30 s against 69 s in one run.)
    const groups = cpuGroups.stop();
    const cpuSeconds = Object.entries(groups)
      .filter(([group]) => group !== 'fixture site')
      .reduce((sum, [, group]) => sum + group.user + group.system, 0);
    const audit = await (await fetch(`${server.url}/api/site-audits/${id}`)).json();
    // The audit logs its timings just after it is stored (which ends the event stream).
    if (audit.status === 'done')
      await Promise.race([timingsArrived, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    const issues = (await (await fetch(`${server.url}/api/site-audits/${id}/issues`)).json()).issues ?? [];
    const { routes, titled } = FIXTURES[name];
    const rendered = audit.report?.render?.rendered ?? 0;
    const perSecond = rendered / seconds;
    const titles = await renderedTitles(server.url, id);
    const withTitle = titles.filter(titled).length;
    const ok =
      streamEnded &&
      audit.status === 'done' &&
      rendered === routes &&
      withTitle === routes &&
      perSecond >= GOAL_PAGES_PER_SECOND;
    console.log(`fixture:         ${name}`);
    console.log(
      `status:          ${audit.status}${audit.report?.render?.stopped ? ` (${audit.report.render.stopped})` : ''}`,
    );
    console.log(`pages rendered:  ${rendered} of ${routes} routes (URLs audited: ${audit.summary?.pages ?? 0})`);
    console.log(`real titles:     ${withTitle} of ${routes} pages`);
    console.log(`seconds:         ${seconds.toFixed(2)}`);
    console.log(`pages/second:    ${perSecond.toFixed(1)} (goal >= ${GOAL_PAGES_PER_SECOND})`);
    console.log(
      `CPU:             ${cpuSeconds.toFixed(1)} s server and Chromium = ${(rendered / cpuSeconds).toFixed(1)} pages per CPU-second (2 free cores: up to ${((2 * rendered) / cpuSeconds).toFixed(1)} pages/s); load average ${loadavg()[0].toFixed(1)}`,
    );
    console.log(
      `peak memory:     ${peaks.peakPssMb} MB PSS / ${peaks.peakTreeMb} MB RSS, server and Chromium together (server alone ${peaks.peakServerMb} MB RSS; ${peaks.peakProcesses} processes)`,
    );
    console.log(cpuPerPage(groups, rendered));
    if (timings)
      console.log(
        `latency:         browser start ${timings.launchMs} ms; navigation to DOM read ${timings.meanReadyMs} ms per page; page in its slot ${timings.meanSlotMs} ms; each of the ${process.env.SITE_AUDIT_RENDER_CONCURRENCY ?? 12} slots idle ${timings.meanIdleSlotMs} ms in all`,
      );
    console.log(`issues:          ${issues.map((group) => `${group.type} ${group.count}`).join(', ') || 'none'}`);
    console.log(ok ? 'PASS' : 'FAIL');
    return ok;
  } finally {
    await server.stop();
    site.stop();
  }
}

let passed = true;
for (const name of (process.env.FIXTURES ?? 'spa,data').split(',')) passed = (await benchFixture(name)) && passed;
process.exitCode = passed ? 0 : 1;
