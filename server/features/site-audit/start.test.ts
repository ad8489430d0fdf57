import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { readEventStream } from '#test/helpers/event-stream.ts';

const REFUSED = (host: string, address = host) =>
  `${host} points to a private or reserved network address (${address}); only public websites can be checked.`;

describe.each(DIALECTS)('%s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const made of apps.splice(0)) await made.close();
  });

  async function app(env: Record<string, string> = {}) {
    const made = await createTestApp({ dialect, env });
    apps.push(made);
    return made.app;
  }

  test('an address the guard refuses as written answers 400 at once, in the guard’s words, and queues nothing', async () => {
    // One audit per 10 minutes: refusals must not use it up.
    const server = await app({ SITE_AUDIT_RATE_LIMIT: '1' });
    const answers = [];
    for (const url of [
      'http://127.0.0.2:1/',
      '127.0.0.2:1',
      'http://[::1]:8080/',
      'https://10.1.2.3/',
      'http://0x7f000001/',
    ])
      answers.push((await request(server).post('/api/site-audits').send({ url })).body);
    expect(answers).toEqual([
      { error: REFUSED('127.0.0.2') },
      { error: REFUSED('127.0.0.2') },
      { error: REFUSED('[::1]', '::1') },
      { error: REFUSED('10.1.2.3') },
      { error: REFUSED('127.0.0.1') },
    ]);
    const statuses = await Promise.all(
      ['http://127.0.0.2:1/', 'http://[::1]:8080/'].map(
        async (url) => (await request(server).post('/api/site-audits').send({ url })).status,
      ),
    );
    expect(statuses).toEqual([400, 400]);
    expect((await request(server).get('/api/site-audits')).body).toEqual({ audits: [] });
  });

  test('a literal the operator allows (FETCH_ALLOW_PRIVATE) is queued as before', async () => {
    const server = await app({ FETCH_ALLOW_PRIVATE: '127.0.0.2:1' });
    const started = await request(server).post('/api/site-audits').send({ url: 'http://127.0.0.2:1/' });
    expect(started.status).toBe(202);
    // Nothing listens there: the audit fails in its job, saying so.
    expect(await readEventStream(server, `/api/site-audits/${started.body.id}/events`)).toMatch(/event: failed/);
  });

  test('a name that resolves to a private address is not looked up on the request: it fails in the job', async () => {
    const server = await app();
    const started = await request(server).post('/api/site-audits').send({ url: 'http://localhost:1/' });
    expect(started.status).toBe(202);
    await readEventStream(server, `/api/site-audits/${started.body.id}/events`);
    const audit = (await request(server).get(`/api/site-audits/${started.body.id}`)).body;
    expect(audit).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('private or reserved network address'),
    });
  });
});
