import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, type Db, type Dialect } from '#db/index.ts';

/** Both databases: every data-layer and API suite runs once on each (`describe.each(DIALECTS)`). */
export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

/**
 * The PostgreSQL server the tests use: `npm test` starts a throw-away cluster and sets this
 * (scripts/lib/throwaway-postgres.mjs); a run of one file needs it set by hand. Never skipped.
 */
export function testPostgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'TEST_DATABASE_URL is not set: run the tests with `npm test` (it starts a throw-away PostgreSQL), or point it at a server',
    );
  return url;
}

const schemas = new WeakMap<Db, string>();

/** A fresh, migrated database: SQLite in memory, or a new schema of its own on the test server. */
export async function openTestDatabase(dialect: Dialect): Promise<Db> {
  if (dialect === 'sqlite') return openDatabase(':memory:');
  const schema = `t_${process.pid}_${randomBytes(5).toString('hex')}`;
  const db = await openDatabase(testPostgresUrl(), { schema, poolSize: 4 });
  schemas.set(db, schema);
  return db;
}

/** Closes a test database; a PostgreSQL one drops its schema. */
export async function closeTestDatabase(db: Db): Promise<void> {
  const schema = schemas.get(db);
  if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(db);
  await db.destroy();
}
