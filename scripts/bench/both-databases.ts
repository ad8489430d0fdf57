import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { openDatabase, type Db } from '#db/index.ts';

/** Runs a store bench on a fresh SQLite file, then on a fresh schema of TEST_DATABASE_URL's PostgreSQL; both removed after. */
export async function onBothDatabases(name: string, run: (label: string, db: Db) => Promise<void>): Promise<void> {
  const file = `/tmp/${name}-${process.pid}.db`;
  const sqlite = await openDatabase(file);
  try {
    await run('sqlite', sqlite);
  } finally {
    await sqlite.destroy();
    rmSync(file, { force: true });
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const postgres = await openDatabase(process.env.TEST_DATABASE_URL!, { schema, poolSize: 4 });
  try {
    await run('postgres', postgres);
  } finally {
    await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(postgres);
    await postgres.destroy();
  }
}
