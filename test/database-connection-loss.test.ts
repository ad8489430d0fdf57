import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '#test/fixtures/loopback.ts';
import { createScratchDatabase, testPostgresUrl } from '#test/helpers/databases.ts';
import { operatorServerEnv, startServerProcess, type ServerProcess } from '#test/helpers/server-process.ts';

/*
 * Under docker compose a worker whose PostgreSQL connections were cut logged `uncaught exception`, then neither
 * exited nor recovered: a job Worker that lost its connection while BullMQ prepared it failed every fetch at once
 * and looped on it without yielding (no requests answered, SIGTERM ignored, memory growing with its log lines).
 * Here a web and a worker process of the built server lose every connection, over and over, from the moment the
 * worker listens (when its job Workers start): both must come back, run a job, and stop on SIGTERM.
 */

const UNCAUGHT = '"msg":"uncaught exception"';
/** Rounds of killing every backend of the database: about a second or two of a database that keeps dropping. */
const CUTS = 150;

function start(role: 'web' | 'worker', databaseUrl: string, site: LoopbackServer): ServerProcess {
  return startServerProcess({
    ...operatorServerEnv(`connection-loss-${role}`),
    ROLE: role,
    DATABASE_URL: databaseUrl,
    FETCH_ALLOW_PRIVATE: site.hostPort,
    JOB_STALL_SECONDS: '5',
  });
}

/** Kills every backend of `database` (never this connection, which is on another database), `rounds` times. */
async function cutConnections(database: string, rounds: number): Promise<number> {
  const admin = new pg.Client({ connectionString: testPostgresUrl() });
  await admin.connect();
  let killed = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      const { rows } = await admin.query<{ n: number }>(
        'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1',
        [database],
      );
      killed += rows[0]!.n;
    }
  } finally {
    await admin.end();
  }
  return killed;
}

/** Waits for /readyz to answer 200; fails at once when the process logs an uncaught exception or exits. */
async function readyAgain(server: ServerProcess): Promise<void> {
  const port = await server.port;
  for (;;) {
    if (server.output().includes(UNCAUGHT)) throw new Error(`uncaught exception:\n${server.output().slice(-3000)}`);
    if (server.child.exitCode !== null) throw new Error(`exited ${server.child.exitCode}:\n${server.output()}`);
    const status = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function auditOutcome(port: number, id: string): Promise<string> {
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/api/site-audits/${id}`);
    const { status } = (await res.json()) as { status: string };
    if (status === 'done' || status === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a web and a worker process whose PostgreSQL connections are cut', () => {
  const database = `connection_loss_${process.pid}`;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let site: LoopbackServer;
  let web: ServerProcess;
  let worker: ServerProcess;

  beforeAll(async () => {
    scratch = await createScratchDatabase(database);
    site = await startLoopbackServer((req, res) => {
      const links = req.url === '/' ? '<a href="/a">A</a> <a href="/b">B</a>' : '<a href="/">Home</a>';
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html lang="en"><head><title>Page ${req.url}</title></head><body>${links}</body></html>`);
    });
    web = start('web', scratch.url, site);
    await web.port;
  }, 60_000);

  afterAll(async () => {
    await Promise.all([web?.kill(), worker?.kill()]);
    await site?.close();
    await scratch?.drop();
  }, 60_000);

  test('both come back: no uncaught exception, /readyz answers 200, a job enqueued afterwards completes, SIGTERM stops them', async () => {
    worker = start('worker', scratch.url, site);
    await worker.port;
    expect(await cutConnections(database, CUTS)).toBeGreaterThan(0);

    await readyAgain(web);
    await readyAgain(worker);
    const started = await fetch(`http://127.0.0.1:${await web.port}/api/site-audits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.origin}/` }),
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    expect(await auditOutcome(await web.port, id)).toBe('done');

    for (const server of [web, worker]) server.child.kill('SIGTERM');
    expect(await Promise.all([web.exited, worker.exited])).toEqual([0, 0]);
    for (const server of [web, worker]) expect(server.output()).not.toContain(UNCAUGHT);
  }, 120_000);
});
