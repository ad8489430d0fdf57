import { type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { listMessages } from '#db/messages.ts';
import { freeLoopbackPort } from '#test/fixtures/loopback.ts';
import { expect, test } from 'vitest';
import { operatorProfilePath } from '#test/helpers/business.ts';
import { closeTestDatabase, openTestDatabase, testPostgresUrl } from '#test/helpers/databases.ts';
import { spawnOwned } from '#test/helpers/owned-processes.ts';

/**
 * Each test starts one or two built servers (2-9 s each on a loaded machine) and waits for a delivery: more
 * than the unit project's 20 s can go by on a busy CI machine, as the e2e journeys' 60 s allows.
 */
const SERVERS_TIMEOUT_MS = 60_000;

/** The built server as an operator runs it, logging at info so the test can read its progress. */
function startServer(dataDir: string, webhookUrl: string, env: Record<string, string> = {}) {
  const child = spawnOwned(process.execPath, ['dist/server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SITE_URL: 'https://seo.example.in',
      SITE_PROFILE: operatorProfilePath,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NOTIFY_WEBHOOK_URL: webhookUrl,
      NOTIFY_WEBHOOK_SECRET: 'durable',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const lineWaiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk;
    for (const waiter of [...lineWaiters]) {
      const line = out.split('\n').find((entry) => waiter.pattern.test(entry));
      if (line) {
        lineWaiters.splice(lineWaiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  /** Resolves with the first log line matching `pattern`: the server's own readiness signals. */
  const logLine = (pattern: RegExp) => new Promise<string>((resolve) => lineWaiters.push({ pattern, resolve }));
  const port = logLine(/"msg":"listening on/).then((line) => (JSON.parse(line) as { port: number }).port);
  return { child, port, logLine };
}

function postJson(port: number, path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

/** A webhook receiver on `port`; `answer` decides per request (undefined = never answer). */
async function receiver(port: number, answer: (n: number) => number | undefined) {
  const bodies: string[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      bodies.push(body);
      for (const waiter of waiters.filter((w) => w.n === bodies.length)) waiter.resolve();
      const status = answer(bodies.length);
      if (status !== undefined) res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    bodies,
    nth: (n: number) =>
      bodies.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function outbox(dataDir: string) {
  const db = new Database(join(dataDir, 'site.db'), { readonly: true });
  try {
    return db.prepare('SELECT id, attempts, delivered_at AS deliveredAt FROM messages').all() as Array<{
      id: string;
      attempts: number;
      deliveredAt: string | null;
    }>;
  } finally {
    db.close();
  }
}

const lead = { name: 'Durable Lead', email: 'lead@example.in', message: 'Please call back about local SEO.' };

test(
  'kill -9 while the receiver is down: after a restart with the receiver up, the event arrives with the same id',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-kill-'));
    const port = await freeLoopbackPort();
    const first = startServer(dataDir, `http://127.0.0.1:${port}/hook`);
    expect(await postJson(await first.port, '/api/contact', lead)).toBe(201);
    await first.logLine(/"msg":"message not delivered; will retry"/);
    await killed(first.child);
    const [queued] = outbox(dataDir);
    expect(queued).toMatchObject({ attempts: 1, deliveredAt: null });

    const hook = await receiver(port, () => 200);
    const second = startServer(dataDir, `http://127.0.0.1:${port}/hook`);
    try {
      await hook.nth(1);
      await second.logLine(/"msg":"message delivered"/);
      expect(hook.bodies.map((body) => (JSON.parse(body) as { id: string }).id)).toEqual([queued!.id]);
      expect(JSON.parse(hook.bodies[0]!)).toMatchObject({ event: 'contact.created', data: lead });
      expect(outbox(dataDir)).toEqual([{ id: queued!.id, attempts: 2, deliveredAt: expect.any(String) }]);
    } finally {
      await killed(second.child);
      await hook.close();
    }
  },
  SERVERS_TIMEOUT_MS,
);

test(
  'kill -9 mid-delivery: the request in flight is made again after the restart, with the same id',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-midway-'));
    const port = await freeLoopbackPort();
    // The first request reaches the receiver and hangs; later ones are answered.
    const hook = await receiver(port, (n) => (n === 1 ? undefined : 200));
    const first = startServer(dataDir, `http://127.0.0.1:${port}/hook`);
    try {
      expect(await postJson(await first.port, '/api/contact', lead)).toBe(201);
      await hook.nth(1);
      await killed(first.child);
      const second = startServer(dataDir, `http://127.0.0.1:${port}/hook`);
      try {
        await hook.nth(2);
        await second.logLine(/"msg":"message delivered"/);
        const ids = hook.bodies.map((body) => (JSON.parse(body) as { id: string }).id);
        expect(new Set(ids).size).toBe(1);
        expect(ids).toHaveLength(2);
        expect(outbox(dataDir)).toEqual([{ id: ids[0], attempts: 2, deliveredAt: expect.any(String) }]);
      } finally {
        await killed(second.child);
      }
    } finally {
      await hook.close();
    }
  },
  SERVERS_TIMEOUT_MS,
);

test(
  'two servers on one PostgreSQL deliver every lead exactly once, whichever stored it',
  async () => {
    const db = await openTestDatabase('postgres');
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
    const url = new URL(testPostgresUrl());
    url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
    const port = await freeLoopbackPort();
    // Both servers' workers see every due row, whichever server stored the lead: the claim decides who sends it.
    const hook = await receiver(port, () => 200);
    const env = { DATABASE_URL: url.toString() };
    const servers = [0, 1].map(() =>
      startServer(mkdtempSync(join(tmpdir(), 'outbox-pg-')), `http://127.0.0.1:${port}/hook`, env),
    );
    try {
      const ports = await Promise.all(servers.map((server) => server.port));
      // Within the forms' per-address limits (5 of each) even if both servers shared them.
      const posts = Array.from({ length: 4 }, (_, i) => [
        postJson(ports[i % 2]!, '/api/contact', { ...lead, name: `Lead ${i}`, email: `lead${i}@example.in` }),
        postJson(ports[(i + 1) % 2]!, '/api/writeforus/submit', {
          title: `Article ${i}`,
          author: 'Rohan Mehta',
          email: `author${i}@example.in`,
          content: 'What we changed, week by week.',
        }),
      ]).flat();
      expect(await Promise.all(posts)).toEqual(Array(8).fill(201));
      await hook.nth(8);
      await expect.poll(async () => (await listMessages(db)).filter((row) => row.deliveredAt).length).toBe(8);
      const ids = hook.bodies.map((body) => (JSON.parse(body) as { id: string }).id);
      expect(new Set(ids).size).toBe(8);
      expect(ids).toHaveLength(8);
      for (const row of await listMessages(db)) expect(row).toMatchObject({ attempts: 1, lastError: null });
    } finally {
      await Promise.all(servers.map((server) => killed(server.child)));
      await hook.close();
      await closeTestDatabase(db);
    }
  },
  SERVERS_TIMEOUT_MS,
);
