import { expect, test } from 'vitest';
import { GuardedPgClient } from '#db/pg-client.ts';
import { guardedConnection } from './bullmq-lanes.ts';

// BullMQ's LISTEN client is a standalone pg.Client that listens for 'error' only after connect() resolves;
// a backend cut in that gap crashed the process (test/database-connection-loss.test.ts caught it under load,
// about one connect in seven while backends were being terminated). A BullMQ upgrade that renames what the
// guard replaces fails here rather than in production.
test("a process's BullMQ connection builds its LISTEN client from the guarded client class", async () => {
  const connection = guardedConnection({ connectionString: 'postgres://127.0.0.1:9/none', schema: 'guard_check' });
  const { Client } = (connection as unknown as { pgModule: { Client: typeof GuardedPgClient } }).pgModule;
  const client = new Client('postgres://127.0.0.1:9/none');
  expect(client).toBeInstanceOf(GuardedPgClient);
  // Every QueueEvents and Worker of the process waits on it with a listener of its own.
  expect(client.getMaxListeners()).toBe(0);
  expect(connection.getMaxListeners()).toBe(0);
  await connection.close();
});
