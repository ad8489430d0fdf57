import { expect, test } from 'vitest';
import { openDatabase } from '#db/index.ts';
import { loadConfig } from '#server/config/index.ts';
import { createSiteAuditService } from './service.ts';

test('a failure outside the audit handler (the database refusing a write) is logged with the audit id, not lost', async () => {
  const db = openDatabase(':memory:');
  // SQLite itself refuses the audit's move to running, as a full disk or a locked file would.
  db.exec(
    "CREATE TRIGGER refuse_running BEFORE UPDATE OF status ON site_audits WHEN NEW.status = 'running' BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;",
  );
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
  const { id } = service.start('https://example.test/', 'visitor');
  await wasLogged;
  expect(errors).toEqual([
    {
      obj: { err: expect.objectContaining({ message: 'disk I/O error' }), audit: id },
      msg: 'site audit job failed outside its handler',
    },
  ]);
  await service.close();
});
