import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { databaseFile, openDatabase, type Db, type Dialect } from '#db/index.ts';
import { closeTestDatabase, openTestDatabase, testPostgresUrl } from './databases.ts';

export interface TwoHandles {
  /** Two connections (pools) to one database, as two server processes would hold. */
  first: Db;
  second: Db;
  close(): Promise<void>;
}

/**
 * One fresh database opened twice, like two processes sharing it: a temp SQLite file, or a schema
 * of its own on the test PostgreSQL server (dropped by close()).
 */
export async function openTwoHandles(dialect: Dialect): Promise<TwoHandles> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'two-handles-'));
    const first = await openDatabase(databaseFile(dir));
    const second = await openDatabase(databaseFile(dir));
    return {
      first,
      second,
      async close() {
        await second.destroy();
        await first.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const first = await openTestDatabase('postgres');
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(first);
  const second = await openDatabase(testPostgresUrl(), { schema: rows[0]!.schema, poolSize: 4 });
  return {
    first,
    second,
    async close() {
      await second.destroy();
      await closeTestDatabase(first);
    },
  };
}
