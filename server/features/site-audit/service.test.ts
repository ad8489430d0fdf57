import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { loadConfig } from '#server/config/index.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { createSiteAuditService } from './service.ts';

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
  const opened: Db[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await closeTestDatabase(db);
  });

  test('a failure outside the audit handler (the database refusing a write) is logged with the audit id, not lost', async () => {
    const db = await openTestDatabase(dialect);
    opened.push(db);
    await refuseRunning(db, dialect);
    const errors: Array<{ obj: object; msg?: string }> = [];
    let logged!: () => void;
    const wasLogged = new Promise<void>((resolve) => (logged = resolve));
    const log = {
      info: () => undefined,
      warn: () => undefined,
      error: (obj: object, msg?: string) => (errors.push({ obj, msg }), logged()),
    };
    const refuse = () => Promise.reject(new Error('no request may be made before the audit is running'));
    const fetcher = { fetch: refuse, stream: refuse };
    const service = createSiteAuditService({
      db,
      log,
      settings: loadConfig({ DATA_DIR: ':memory:' }).siteAudit,
      fetcher,
    });
    const { id } = await service.start('https://example.test/', 'visitor');
    await wasLogged;
    expect(errors).toEqual([
      {
        obj: { err: expect.objectContaining({ message: 'disk I/O error' }), audit: id },
        msg: 'site audit job failed outside its handler',
      },
    ]);
    await service.close();
  });
});
