import { sql } from 'kysely';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { readEventStream } from '#test/helpers/event-stream.ts';
import { UNEXPECTED_FAILURE } from './run.ts';

/** The database itself refuses the audit's move to running, as a full disk or a locked file would. */
async function refuseRunning(db: Db, dialect: string): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`CREATE TRIGGER refuse_running BEFORE UPDATE OF status ON site_audits WHEN NEW.status = 'running' BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`.execute(
      db,
    );
    return;
  }
  await sql`CREATE FUNCTION refuse_running() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk I/O error'; END $$`.execute(
    db,
  );
  await sql`CREATE TRIGGER refuse_running BEFORE UPDATE OF status ON site_audits FOR EACH ROW WHEN (NEW.status = 'running') EXECUTE FUNCTION refuse_running()`.execute(
    db,
  );
}

describe.each(DIALECTS)('%s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const made of apps.splice(0)) await made.close();
  });

  test('a try the database refuses (outside the crawl) is tried once more, then the audit is failed, never left queued', async () => {
    const made = await createTestApp({ dialect });
    apps.push(made);
    await refuseRunning(made.db, dialect);
    const started = await request(made.app).post('/api/site-audits').send({ url: 'https://example.test/' });
    expect(started.status).toBe(202);
    const events = await readEventStream(made.app, `/api/site-audits/${started.body.id}/events`);
    expect(events).toContain(`event: failed\ndata: {"type":"failed","error":"${UNEXPECTED_FAILURE}"}`);
    expect((await request(made.app).get(`/api/site-audits/${started.body.id}`)).body).toMatchObject({
      status: 'failed',
      error: 'The audit failed unexpectedly; please try again.',
    });
    expect(await made.jobs.state('site-audit', started.body.id)).toMatchObject({
      status: 'failed',
      error: 'disk I/O error',
      attempts: 2,
    });
  });
});
