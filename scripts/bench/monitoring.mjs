// `npm run bench -- monitoring` (issue 25): SITES (100) monitored sites of PAGES (500) loopback pages
// each, on the built server with its embedded queue, mail to a local SMTP server. Each site is
// monitored as a visitor would: POST /api/monitors, the confirmation mail's link, the ownership file,
// verify. Their first runs (the baselines) run as they are confirmed; then every site breaks (a 5xx
// page, two broken links) and every monitor's next slot is put at the same minute, so the
// scheduler starts all of them in that hour. Measured: time from that minute until every owner has
// their alert mail (goal: within the hour), the page `/` latency at 20 req/s throughout that hour
// (goal p99 <= 50 ms), and the audits per hour this one worker process sustained. The set-up's page
// latency (sign-ups at a script's pace while the first audits run) is printed, not judged. First
// run, quiet 2-core machine: alerts 137 s after the slot, p99 24.0 ms, 2,621 audits per hour;
// set-up p99 95.7 ms. Also printed: how long each alert mail took from its run's end (the alert
// stored, `monitor_runs.alerted_at`) to the mailbox (the delivery's latency, goal within a second).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { steadyLoad } from './lib/load.mjs';
import { startBuiltServer } from './lib/server.mjs';

const SITES = Number(process.env.SITES ?? 100);
const PAGES = Number(process.env.PAGES ?? 500);
const RATE = 20;
const HOUR_MS = 3_600_000;

if (!existsSync('dist/server.js')) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

/** A local SMTP server keeping every mail; `next(predicate)` resolves with the first that matches. */
async function startMailbox() {
  const mails = [];
  const waiters = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        mail.receivedAt = Date.now();
        mails.push(mail);
        for (const waiter of [...waiters]) {
          if (!waiter.predicate(mail)) continue;
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
        callback();
      }, callback);
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    mails,
    next: (predicate) => mails.find(predicate) ?? new Promise((resolve) => waiters.push({ predicate, resolve })),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function startSites() {
  const child = spawn(process.execPath, ['scripts/bench/lib/monitoring-sites.mjs'], {
    env: { ...process.env, SITES: String(SITES), PAGES: String(PAGES) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const sites = /sites ([\d,]+)/.exec(out);
      const control = /control (\d+)/.exec(out);
      if (sites && control)
        resolve({ ports: sites[1].split(',').map(Number), control: Number(control[1]), stop: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`fixture sites exited with ${code}: ${out}`)));
  });
}

async function api(server, path, { method = 'GET', body, ip } = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(ip ? { 'x-forwarded-for': ip } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = res.status === 204 ? null : await res.json();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${data?.error}`);
  return data;
}

const control = (sites, path, body) =>
  fetch(`http://127.0.0.1:${sites.control}${path}`, { method: 'POST', body: JSON.stringify(body ?? {}) });

/** One visitor monitors site i: create, publish the file, confirm from the mail, verify. */
async function monitorSite(server, sites, mailbox, i) {
  const port = sites.ports[i];
  const email = `owner${i}@bench.test`;
  const ip = `198.51.100.${i % 250}`;
  const created = await api(server, '/api/monitors', {
    method: 'POST',
    ip,
    body: { url: `http://127.0.0.1:${port}/`, email, schedule: 'weekly' },
  });
  await control(sites, '/file', { port, ...created.verification.file });
  const mail = await mailbox.next((m) => m.to?.text === email && m.subject.startsWith('Confirm'));
  const token = decodeURIComponent(/\/monitor\/confirm\?token=([^\s"<>&]+)/.exec(mail.text)[1]);
  const { manageToken } = await api(server, '/api/monitors/confirm', { method: 'POST', ip, body: { token } });
  const { verified } = await api(server, `/api/monitors/${created.id}/verify?token=${manageToken}`, {
    method: 'POST',
    ip,
  });
  if (!verified) throw new Error(`site ${i} not verified`);
  return { id: created.id, email, manageToken };
}

async function runsOf(server, monitor) {
  return (await api(server, `/api/monitors/${monitor.id}?token=${monitor.manageToken}`)).runs;
}

/** Polls until every monitor has `count` finished runs. */
async function untilRuns(server, monitors, count) {
  for (;;) {
    const runs = await Promise.all(monitors.map((monitor) => runsOf(server, monitor)));
    if (runs.every((list) => list.filter((run) => run.status !== 'running').length >= count)) return runs;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** For each monitor, ms from its alerted run's end (alerted_at) to its alert mail's arrival, sorted. */
function alertLags(dataDir, monitors, mailbox) {
  const db = new Database(join(dataDir, 'site.db'), { readonly: true });
  try {
    const alertedAt = db.prepare(
      'SELECT alerted_at AS at FROM monitor_runs WHERE monitor_id = ? AND alerted_at IS NOT NULL ORDER BY created_at DESC LIMIT 1',
    );
    return monitors
      .map((monitor) => {
        const mail = mailbox.mails.find((m) => m.to?.text === monitor.email && !m.subject.startsWith('Confirm'));
        return mail.receivedAt - Date.parse(alertedAt.get(monitor.id).at);
      })
      .sort((a, b) => a - b);
  } finally {
    db.close();
  }
}

const mailbox = await startMailbox();
const sites = await startSites();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-monitoring-'));
const server = await startBuiltServer({
  DATA_DIR: dataDir,
  SMTP_URL: mailbox.url,
  NOTIFY_EMAIL_TO: 'operator@bench.test',
  FETCH_ALLOW_PRIVATE: sites.ports.map((port) => `127.0.0.1:${port}`).join(','),
  TRUST_PROXY: 'loopback',
  MONITOR_MAX_SITES: String(SITES),
  MONITOR_MAX_PAGES: String(PAGES + 10),
  SITE_AUDIT_RATE_LIMIT: '10000',
  API_RATE_LIMIT: '100000',
}).catch((error) => {
  sites.stop();
  mailbox.close();
  throw error;
});
let ok;
try {
  await (await fetch(`${server.url}/`)).arrayBuffer();
  const baselineLoad = steadyLoad(`${server.url}/`, RATE);
  const baselineStarted = performance.now();
  const monitors = [];
  for (let i = 0; i < SITES; i += 1) monitors.push(await monitorSite(server, sites, mailbox, i));
  console.error(`${SITES} monitors confirmed and verified; waiting for their first runs`);
  await untilRuns(server, monitors, 1);
  const baselineSeconds = (performance.now() - baselineStarted) / 1000;
  const baseline = await baselineLoad();

  // Every site breaks; every monitor's next slot is this minute (as if all were scheduled into it).
  await control(sites, '/break');
  const slot = new Date();
  const db = new Database(join(dataDir, 'site.db'));
  db.prepare("UPDATE monitors SET next_run_at = ? WHERE status = 'active'").run(slot.toISOString());
  db.close();
  console.error('every site broken, every slot due now; waiting for the alerts');
  const load = steadyLoad(`${server.url}/`, RATE);
  const started = performance.now();
  const alerted = await Promise.all(
    monitors.map((monitor) =>
      mailbox
        .next((m) => m.to?.text === monitor.email && !m.subject.startsWith('Confirm'))
        .then(() => performance.now()),
    ),
  );
  const lastAlertMs = Math.max(...alerted) - started;
  const scheduled = await load();
  const runs = await untilRuns(server, monitors, 2);
  const lags = alertLags(dataDir, monitors, mailbox);
  const regressions = runs.map((list) => list[0].regressions.length);
  const auditsPerHour = (SITES / lastAlertMs) * HOUR_MS;
  // The goal is the scheduled hour's. The set-up before it (100 visitors' sign-ups in two minutes,
  // while the first audits already run) is printed for what it shows, not judged.
  ok = lastAlertMs <= HOUR_MS && scheduled.p99 <= 50 && scheduled.errors === 0;
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(`${SITES} sites of ${PAGES} pages, one process (embedded queue), mail to a local SMTP server`);
  console.log(
    `baselines: ${SITES} monitors made, confirmed, verified and first-audited in ${baselineSeconds.toFixed(0)} s; ` +
      `/ p50 ${ms(baseline.p50)}, p99 ${ms(baseline.p99)}, max ${ms(baseline.max)} (set-up: not judged)`,
  );
  console.log(
    `scheduled hour: every alert mail in ${(lastAlertMs / 1000).toFixed(0)} s after the slot (goal <= 3600 s); ` +
      `regressions per alert ${Math.min(...regressions)}–${Math.max(...regressions)}`,
  );
  console.log(
    `/ at ${RATE} req/s meanwhile: ${scheduled.count} answers, p50 ${ms(scheduled.p50)}, p99 ${ms(scheduled.p99)}, ` +
      `max ${ms(scheduled.max)}, errors ${scheduled.errors} (goal p99 <= 50 ms)`,
  );
  console.log(`audits per hour one worker sustains (slot to alert): ${auditsPerHour.toFixed(0)}`);
  console.log(
    `alert mail after its run ended: median ${ms(lags[Math.floor(lags.length / 2)])}, ` +
      `max ${ms(lags.at(-1))} (goal: within a second)`,
  );
} finally {
  await server.stop();
  sites.stop();
  await mailbox.close();
}
console.log(ok ? 'PASS' : 'FAIL');
process.exitCode = ok ? 0 : 1;
