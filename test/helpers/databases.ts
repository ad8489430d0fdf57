import { afterEach } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseAddress, type Db, type Dialect } from '#db/index.ts';

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

/** The temporary directories of SQLite files `openAddressedTestDatabase` made, removed by `closeTestDatabase`. */
const directories = new WeakMap<Db, string>();

/**
 * A fresh, migrated database that another thread can open too (a SQLite file in a temporary directory, or a
 * schema of its own on the test server), and its address; `closeTestDatabase` removes it.
 */
export async function openAddressedTestDatabase(dialect: Dialect): Promise<{ db: Db; address: DatabaseAddress }> {
  if (dialect === 'postgres') {
    const db = await openTestDatabase(dialect);
    return { db, address: { target: testPostgresUrl(), options: { schema: schemas.get(db)! } } };
  }
  const dir = mkdtempSync(join(tmpdir(), 'addressed-db-'));
  const target = join(dir, 'site.db');
  const db = await openDatabase(target);
  directories.set(db, dir);
  return { db, address: { target, options: {} } };
}

/** Closes a test database; a PostgreSQL one drops its schema. */
export async function closeTestDatabase(db: Db): Promise<void> {
  const schema = schemas.get(db);
  if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(db);
  await db.destroy();
  const dir = directories.get(db);
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** Runs one statement on the test server's own database (outside any scratch database). */
export async function onTestServer(query: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    await client.query(query, values);
  } finally {
    await client.end();
  }
}

/**
 * A whole database of its own on the test server, for processes that share one as a deployment does (the job
 * queue's schema included): its address, and drop() that ends its connections and removes it.
 */
export async function createScratchDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  await onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onTestServer(`CREATE DATABASE ${name}`);
  const url = new URL(testPostgresUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Inside a describe: a function that opens a fresh database of `dialect` for the test that calls it;
 * every database it opened is closed after that test.
 */
export function freshDatabases(dialect: Dialect): () => Promise<Db> {
  const opened: Db[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await closeTestDatabase(db);
  });
  return async () => {
    const db = await openTestDatabase(dialect);
    opened.push(db);
    return db;
  };
}

/**
 * Runs `run` on a SQLite test database and a second connection to its file (a rival writer, as the web thread
 * is to an audit's), neither waiting for a lock the other holds (busy_timeout 0: a write that would wait fails
 * with SQLITE_BUSY); both closed after.
 */
export async function withRivalConnection(run: (db: Db, rival: Db) => Promise<void>): Promise<void> {
  const { db, address } = await openAddressedTestDatabase('sqlite');
  const rival = await openDatabase(address.target, address.options);
  try {
    await sql.raw('PRAGMA busy_timeout = 0').execute(rival);
    await sql.raw('PRAGMA busy_timeout = 0').execute(db);
    await run(db, rival);
  } finally {
    await rival.destroy();
    await closeTestDatabase(db);
  }
}

/** What this SQLite connection holds in its TEMP database (tables, their indexes), by name. */
export async function sqliteTempTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_temp_master`.execute(db);
  return rows.map((row) => row.name);
}
