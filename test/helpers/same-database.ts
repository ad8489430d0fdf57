import { sql } from 'kysely';
import { databaseFile, dialectOf, openDatabase, type Db } from '#db/index.ts';
import { testPostgresUrl } from './databases.ts';

/**
 * A second handle on a test's database, as another process would open it: the SQLite file under
 * `dataDir`, or the same schema on the test PostgreSQL server. Destroy it before closing the first
 * (closing a PostgreSQL test database drops its schema).
 */
export async function openSameDatabase(db: Db, dataDir: string): Promise<Db> {
  if (dialectOf(db) === 'sqlite') return openDatabase(databaseFile(dataDir));
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return openDatabase(testPostgresUrl(), { schema: rows[0].schema, poolSize: 2 });
}
