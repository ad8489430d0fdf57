import { expect, test } from 'vitest';
import { GuardedPgClient } from '#db/pg-client.ts';
import { guardedPostgresBackend } from './bullmq-lanes.ts';

// BullMQ's LISTEN client is a standalone pg.Client that listens for 'error' only after connect() resolves;
// a backend cut in that gap crashed the process (test/database-connection-loss.test.ts caught it under load,
// about one connect in seven while backends were being terminated). A BullMQ upgrade that renames what the
// guard replaces fails here rather than in production.
test('the PostgreSQL backend builds its LISTEN client from the guarded client class', async () => {
  const backend = guardedPostgresBackend('guard-check', {
    connection: { connectionString: 'postgres://127.0.0.1:9/none', schema: 'guard_check' },
  } as Parameters<typeof guardedPostgresBackend>[1]);
  const connection = (backend as unknown as { connection: { pgModule: { Client: unknown } } }).connection;
  expect(connection.pgModule.Client).toBe(GuardedPgClient);
  await (backend as unknown as { close(): Promise<void> }).close();
});
