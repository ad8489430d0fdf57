import pg from 'pg';

/**
 * A node-postgres client that survives losing its server. A client whose connection ends (a
 * restart, `pg_terminate_backend`, a network cut) emits 'error', and a pool listens for it only
 * while the client sits idle: one checked out at that moment (a transaction between statements,
 * a migration, BullMQ's start-up) had no listener, and the event became an uncaught exception.
 * Nothing is lost by listening: the query in flight still rejects with the error, and the pool
 * drops a client that can no longer query when it is released, then connects a new one.
 */
export class GuardedPgClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}
