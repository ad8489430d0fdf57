import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createScratchDatabase, testPostgresUrl } from '#test/helpers/databases.ts';
import { operatorServerEnv, startServerProcess, type ServerProcess } from '#test/helpers/server-process.ts';

/*
 * The scaled shape for real (README "When one box is not enough"): two web processes (ROLE=web) and
 * two workers (ROLE=worker) of the built server on one fresh PostgreSQL database, as
 * docker-compose.yml runs them. Every request names its client with X-Forwarded-For (TRUST_PROXY
 * is loopback, as behind a proxy), so each test's per-IP counts are its own.
 */

const API_LIMIT = 6;
const STALL_SECONDS = 5;

type Started = ServerProcess;

function startProcess(role: 'web' | 'worker', env: Record<string, string>): Started {
  return startServerProcess({
    ...operatorServerEnv(`scale-${role}`),
    ROLE: role,
    TRUST_PROXY: 'loopback',
    API_RATE_LIMIT: String(API_LIMIT),
    JOB_STALL_SECONDS: String(STALL_SECONDS),
    SITE_AUDIT_MAX_RUNNING: '1',
    ...env,
  });
}

async function api(port: number, path: string, client: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': client,
      ...init.headers,
    },
  });
}

/** Reads an event stream until an event named in `last`, answering every event's name in order. */
async function followEvents(port: number, path: string, client: string, last: string[]): Promise<string[]> {
  const res = await api(port, path, client, {
    headers: { accept: 'text/event-stream' },
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const names: string[] = [];
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return names;
    text += Buffer.from(value).toString();
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const name = /^event: (.+)$/m.exec(text.slice(0, end))?.[1];
      text = text.slice(end + 2);
      if (!name) continue;
      names.push(name);
      if (last.includes(name)) {
        await reader.cancel();
        return names;
      }
    }
  }
}

/** A small site: `pages` pages linking in a chain, each answered after `delayMs`. */
async function fixtureSite(pages: number, delayMs: number) {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const n = req.url === '/' ? 0 : Number(/^\/p\/(\d+)$/.exec(req.url ?? '')?.[1] ?? NaN);
    setTimeout(() => {
      if (req.url === '/robots.txt' || !(n >= 0 && n < pages)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const links = [n + 1, n + 2, n + 3]
        .filter((m) => m < pages)
        .map((m) => `<a href="/p/${m}">Page ${m}</a>`)
        .join(' ');
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><head><title>Page ${n} of the fixture</title></head><body><h1>Page ${n}</h1><p>${links}</p></body></html>`,
        );
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    hostPort: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('two web processes and two workers on one PostgreSQL', () => {
  const adminUrl = testPostgresUrl();
  const database = `scale_${process.pid}`;
  let databaseUrl: string;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  const webhooks: Array<{ id: string; body: string }> = [];
  let receiver: ReturnType<typeof createServer>;
  let quick: Awaited<ReturnType<typeof fixtureSite>>;
  let slow: Awaited<ReturnType<typeof fixtureSite>>;
  const webs: Started[] = [];
  const workers: Started[] = [];
  const webPorts: number[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(database);
    databaseUrl = scratch.url;
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk));
      req.on('end', () => {
        webhooks.push({ id: (JSON.parse(body) as { id: string }).id, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverPort = (receiver.address() as AddressInfo).port;
    quick = await fixtureSite(12, 5);
    slow = await fixtureSite(300, 150);
    const env = {
      DATABASE_URL: databaseUrl,
      FETCH_ALLOW_PRIVATE: `${quick.hostPort},${slow.hostPort}`,
      NOTIFY_WEBHOOK_URL: `http://127.0.0.1:${receiverPort}/leads`,
      NOTIFY_WEBHOOK_SECRET: 'scale-out',
    };
    // The first process migrates; the others wait on the advisory lock or find nothing to do.
    for (const role of ['web', 'web', 'worker', 'worker'] as const) {
      const started = startProcess(role, env);
      (role === 'web' ? webs : workers).push(started);
    }
    for (const web of webs) webPorts.push(await web.port);
    for (const worker of workers) await worker.port;
  }, 60_000);

  afterAll(async () => {
    for (const started of [...webs, ...workers]) await started.kill();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
    await quick?.close();
    await slow?.close();
    await scratch?.drop();
  }, 60_000);

  test('the boot log of each process names the database, the queue and its role', async () => {
    const line = await webs[0]!.logLine(/"msg":"database: /);
    expect(JSON.parse(line).msg).toBe(
      `database: PostgreSQL at ${new URL(adminUrl).hostname}:${new URL(adminUrl).port}/${database}; jobs: BullMQ on PostgreSQL; role: web`,
    );
    expect(line).not.toContain('password');
    expect(JSON.parse(await workers[0]!.logLine(/"msg":"database: /)).role).toBe('worker');
  });

  test('a worker serves only its health checks', async () => {
    const port = await workers[0]!.port;
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(404);
  });

  test('an audit started through web A is run by a worker, followed live and read through web B', async () => {
    const [a, b] = webPorts as [number, number];
    const client = '198.51.100.10';
    const start = await api(a, '/api/site-audits', client, {
      method: 'POST',
      body: JSON.stringify({ url: quick.url }),
    });
    expect(start.status).toBe(202);
    const { id } = (await start.json()) as { id: string };
    const events = await followEvents(b, `/api/site-audits/${id}/events`, client, ['done', 'failed', 'cancelled']);
    expect(events.at(-1)).toBe('done');
    const started = await Promise.race(workers.map((worker) => worker.logLine(new RegExp(`"msg":"job started".*`))));
    expect(started).toContain('"job":"site-audit"');
    const audit = (await (await api(b, `/api/site-audits/${id}`, client)).json()) as {
      status: string;
      summary: { pages: number };
    };
    expect(audit.status).toBe('done');
    expect(audit.summary.pages).toBe(12);
  }, 60_000);

  test('a lead posted to each web process is delivered exactly once per event id', async () => {
    const [a, b] = webPorts as [number, number];
    const before = webhooks.length;
    for (const [port, n] of [
      [a, 1],
      [b, 2],
    ] as const) {
      const res = await api(port, '/api/contact', `198.51.100.2${n}`, {
        method: 'POST',
        body: JSON.stringify({
          name: `Lead ${n}`,
          email: `lead${n}@example.in`,
          message: 'Please call about SEO.',
        }),
      });
      expect(res.status).toBe(201);
    }
    // Delivered means recorded as delivered in the shared outbox (messages), by whichever process sent it.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      for (;;) {
        const { rows } = await db.query<{ n: number }>(
          'SELECT COUNT(*)::int AS n FROM messages WHERE delivered_at IS NOT NULL',
        );
        if (rows[0]!.n >= 2) break;
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await db.end();
    }
    const received = webhooks.slice(before).map((hook) => hook.id);
    expect(received).toHaveLength(2);
    expect(new Set(received).size).toBe(2);
  }, 60_000);

  test('the per-IP limit holds across both web processes', async () => {
    const [a, b] = webPorts as [number, number];
    const statuses: number[] = [];
    for (let i = 0; i < API_LIMIT + 2; i++) {
      const res = await api(i % 2 === 0 ? a : b, '/api/site-audits/issue-types', '198.51.100.30');
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(API_LIMIT).fill(200), 429, 429]);
  });

  test('a worker killed with kill -9 mid-audit: another worker takes the audit up and finishes it', async () => {
    const [a, b] = webPorts as [number, number];
    const client = '198.51.100.40';
    const start = await api(a, '/api/site-audits', client, {
      method: 'POST',
      body: JSON.stringify({ url: slow.url }),
    });
    expect(start.status).toBe(202);
    const { id } = (await start.json()) as { id: string };
    const startedOn = new RegExp(
      `"msg":"job started".*"id":"${id}".*"attempt":1|"id":"${id}".*"attempt":1.*"msg":"job started"`,
    );
    const victim = await Promise.race(workers.map((worker) => worker.logLine(startedOn).then(() => worker)));
    const survivor = workers.find((worker) => worker !== victim)!;
    // Progress from the victim reaches web B before the kill: the audit is really under way.
    await followEvents(b, `/api/site-audits/${id}/events`, client, ['progress']);
    await victim.kill();
    const retried = new RegExp(`"id":"${id}".*"attempt":2|"attempt":2.*"id":"${id}"`);
    await survivor.logLine(retried);
    const events = await followEvents(b, `/api/site-audits/${id}/events`, client, ['done', 'failed', 'cancelled']);
    expect(events.at(-1)).toBe('done');
    const audit = (await (await api(b, `/api/site-audits/${id}`, client)).json()) as { summary: { pages: number } };
    expect(audit.summary.pages).toBe(300);
  }, 120_000);
});
