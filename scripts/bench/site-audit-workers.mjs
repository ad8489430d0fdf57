// `npm run bench -- site-audit-workers`: one audit read by two workers against one (decision 0071). A
// loopback site of 30,000 pages (PAGES) answering each in 20 ms (LATENCY_MS); the built server as a web
// process and worker processes on PostgreSQL (TEST_DATABASE_URL's server, else a throw-away cluster). First
// one worker reads its audit's pages itself (SITE_AUDIT_WORKERS=1); then two workers, whose two parts read
// them (SITE_AUDIT_WORKERS=2). Both at SITE_AUDIT_CONCURRENCY (default here 32) for the whole audit.
// Prints seconds, pages a second, the worker processes' CPU a URL, and the pages each part read (from the
// audit's "site audit done" log); then the CPU a URL of each process (each worker, the web process, the
// fixture, and the PostgreSQL backends serving the bench's database) and the statements run (the database's
// committed transactions: each statement outside a transaction is one).
// Goal: both parts read at least a quarter each, and two workers are faster than one.
import { existsSync } from 'node:fs';
import { startThrowawayPostgres } from '../lib/throwaway-postgres.mjs';
import { freshDatabase } from './lib/fresh-database.mjs';
import pg from 'pg';
import { backendSecondsSince, postgresBackendSeconds, treeCpuSeconds } from './lib/proc.mjs';
import { startBuiltServer, startFixture, startSiteAudit, untilFinished } from './lib/server.mjs';

const PAGES = Number(process.env.PAGES ?? 30_000);
const LATENCY_MS = process.env.LATENCY_MS ?? '20';
const CONCURRENCY = process.env.SITE_AUDIT_CONCURRENCY ?? '32';

if (!existsSync('dist/server.js')) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

/** The database's committed transactions so far (pg_stat_database, which the server updates within a second). */
async function committed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_stat_force_next_flush()').catch(() => {});
    const { rows } = await client.query('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()');
    return Number(rows[0].xact_commit);
  } finally {
    await client.end();
  }
}

/** CPU seconds of each process group now: each worker, the web process, the fixture, the database's backends. */
function cpuNow(started, web, site, database) {
  return {
    workers: started.map((worker) => treeCpuSeconds(worker.pid)),
    web: treeCpuSeconds(web.pid),
    site: treeCpuSeconds(site.pid),
    postgres: postgresBackendSeconds(database),
  };
}

function cpuLine(before, after, pages) {
  const perUrl = (seconds) => `${seconds.toFixed(1)} s (${((seconds / pages) * 1000).toFixed(2)} ms/URL)`;
  const workers = after.workers.map((seconds, i) => `worker ${i + 1} ${perUrl(seconds - before.workers[i])}`);
  return (
    `  CPU: ${workers.join(', ')}, web ${perUrl(after.web - before.web)}, ` +
    `fixture ${perUrl(after.site - before.site)}, postgres ${perUrl(backendSecondsSince(before.postgres, after.postgres))}`
  );
}

async function audit(adminUrl, workers) {
  const site = await startFixture('scripts/bench/lib/crawl-site.mjs', { PAGES: String(PAGES), LATENCY_MS });
  const database = `bench_shared_${workers}`;
  const env = {
    DATABASE_URL: await freshDatabase(adminUrl, database),
    FETCH_ALLOW_PRIVATE: `127.0.0.1:${site.port}`,
    SITE_AUDIT_RATE_LIMIT: '1000',
    SITE_AUDIT_MAX_PAGES: String(PAGES + 100),
    SITE_AUDIT_MAX_TOTAL_BYTES: String(16 * 1024 ** 3),
    SITE_AUDIT_TIMEOUT_MS: String(3_600_000),
    SITE_AUDIT_CONCURRENCY: CONCURRENCY,
    SITE_AUDIT_WORKERS: String(workers),
  };
  const web = await startBuiltServer({ ...env, ROLE: 'web' });
  let logged;
  const done = new Promise((resolve) => (logged = resolve));
  // The readers' counts are in the audit's last log line (logged just after its status is stored).
  const onLog = (line) => {
    if (line.msg === 'site audit done') logged(line.readers ?? { audit: line.pages });
  };
  const started = [];
  // PROFILE=dir: each worker's threads write a CPU profile there (node --cpu-prof), to see where the time goes.
  const nodeArgs = process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE}/${workers}`] : [];
  for (let i = 0; i < workers; i++) started.push(await startBuiltServer({ ...env, ROLE: 'worker' }, nodeArgs, onLog));
  let outcome;
  try {
    const cpuBefore = started.reduce((sum, worker) => sum + treeCpuSeconds(worker.pid), 0);
    const each = cpuNow(started, web, site, database);
    const statements = await committed(env.DATABASE_URL);
    const begin = performance.now();
    const id = await startSiteAudit(web.url, `http://127.0.0.1:${site.port}/`);
    const result = await untilFinished(web.url, id);
    const seconds = (performance.now() - begin) / 1000;
    const pages = result.summary?.pages ?? 0;
    const readers = result.status === 'done' ? await done : undefined;
    const cpu = started.reduce((sum, worker) => sum + treeCpuSeconds(worker.pid), 0) - cpuBefore;
    const eachAfter = cpuNow(started, web, site, database);
    console.log(
      `${workers} worker(s): audit ${result.status}, ${pages} URLs in ${seconds.toFixed(1)} s = ${(pages / seconds).toFixed(0)} URLs/s; ` +
        `workers' CPU ${cpu.toFixed(1)} s = ${((cpu / pages) * 1000).toFixed(2)} ms a URL; read by ${JSON.stringify(readers)}\n` +
        cpuLine(each, eachAfter, pages),
    );
    outcome = { seconds, readers, status: result.status, statements, pages };
  } finally {
    for (const worker of started) await worker.stop();
    await web.stop();
    site.stop();
  }
  // A backend flushes its counts when its connection closes: read once the processes have stopped.
  const ran = (await committed(env.DATABASE_URL)) - outcome.statements;
  console.log(`  statements: ${ran} (${(ran / outcome.pages).toFixed(1)} a URL, the whole run's)`);
  return outcome;
}

let postgres;
let adminUrl = process.env.TEST_DATABASE_URL;
let ok;
try {
  if (!adminUrl) {
    postgres = await startThrowawayPostgres();
    if (!postgres) throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql)');
    adminUrl = postgres.url;
  }
  const one = await audit(adminUrl, 1);
  const two = await audit(adminUrl, 2);
  const counts = Object.entries(two.readers ?? {}).filter(([name]) => name.startsWith('part-'));
  const total = Object.values(two.readers ?? {}).reduce((sum, n) => sum + n, 0);
  const quarter = counts.length === 2 && counts.every(([, n]) => n >= total / 4);
  const faster = two.seconds < one.seconds;
  ok = one.status === 'done' && two.status === 'done' && quarter && faster;
  console.log(
    `two workers / one: ${(one.seconds / two.seconds).toFixed(2)}x as fast (goal > 1) ${faster ? 'OK' : 'FAIL'}; ` +
      `each part read at least a quarter: ${quarter ? 'OK' : 'FAIL'}`,
  );
} finally {
  postgres?.stop();
}
console.log(ok ? 'PASS' : 'FAIL');
process.exitCode = ok ? 0 : 1;
