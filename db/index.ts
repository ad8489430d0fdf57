import Database from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type Driver } from 'kysely';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { GuardedPgClient } from './pg-client.ts';
import { keepingStatements } from './sqlite-statements.ts';
import type { Tables } from './schema.ts';

/**
 * One query layer, two databases (docs/decisions/0033): every query module takes a `Db`, a typed
 * Kysely handle on either the embedded SQLite file or PostgreSQL (`DATABASE_URL=postgres://…`).
 * A transaction (`db.transaction().execute(async (trx) => …)`) is a `Db` too.
 */
export type Db = Kysely<Tables>;
export type Dialect = 'sqlite' | 'postgres';

// Works from both db/index.ts (source) and dist/server.js (bundle): each sits one level below the root.
const migrationsRoot = fileURLToPath(new URL('../db/migrations/', import.meta.url));

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dialect: Dialect = 'sqlite', dir = join(migrationsRoot, dialect)): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 4)), name: file, sql: readFileSync(join(dir, file), 'utf8') }));
}

/** A database address that cannot be opened; the message names it (without its password). */
export class DatabaseUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUrlError';
  }
}

export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}

/** Where the data lives, for the boot log: a file, or a PostgreSQL server without its password. */
export function describeDatabase(target: string): string {
  if (!isPostgresUrl(target)) return target === ':memory:' ? 'SQLite in memory' : `SQLite at ${target}`;
  try {
    const url = new URL(target);
    const name = url.pathname.replace(/^\//, '') || '(default database)';
    return `PostgreSQL at ${url.hostname || 'local socket'}${url.port ? `:${url.port}` : ''}/${name}`;
  } catch {
    return 'PostgreSQL (an address that is not a URL)';
  }
}

/**
 * Applies every SQLite migration not yet recorded in `schema_migrations`, in order, each in its own
 * transaction. Recording each one (rather than only a high-water mark) means a migration numbered
 * below one already applied, as happens when branches land out of order, still runs.
 */
export function migrate(db: Database.Database, migrations = readMigrations('sqlite')): number[] {
  const tracked =
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get() !== undefined;
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  )`);
  const done = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>).map((row) => row.version),
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, name) VALUES (?, ?)');
  if (!tracked) {
    // Databases from before this table existed recorded only user_version: those are applied.
    const legacy = db.pragma('user_version', { simple: true }) as number;
    for (const migration of migrations) if (migration.version <= legacy) record.run(migration.version, migration.name);
  }
  const applied: number[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name);
      db.pragma(`user_version = ${Math.max(migration.version, db.pragma('user_version', { simple: true }) as number)}`);
    })();
    applied.push(migration.version);
  }
  return applied;
}

// One number for every process of this app: PostgreSQL's advisory lock makes concurrent boots
// (two web processes and two workers starting together) migrate one at a time.
const MIGRATION_LOCK = 4_127_301;

/** The PostgreSQL twin of `migrate`: the same bookkeeping, under an advisory lock. */
export async function migratePostgres(
  pool: pg.Pool,
  migrations = readMigrations('postgres'),
  schema?: string,
): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    // Under the lock: concurrent `CREATE SCHEMA IF NOT EXISTS` can still collide on the catalog.
    if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL DEFAULT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    )`);
    const done = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((row) => row.version),
    );
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        // No parameters: the simple query protocol, which runs a file of several statements.
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      applied.push(migration.version);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

// int8 (COUNT, SUM, BIGINT millisecond columns) arrives as a string by default; every value we
// keep fits a double exactly (milliseconds until the year 287,396).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export interface OpenOptions {
  /** PostgreSQL only: the schema to work in (created if missing); tests use one schema each. */
  schema?: string;
  /** PostgreSQL only: connections in the pool. */
  poolSize?: number;
}

/** Where a connection was opened (`openDatabase`'s arguments): a thread of its own opens another there. */
export interface DatabaseAddress {
  target: string;
  options: OpenOptions;
}

/**
 * SQLite transactions begin IMMEDIATE, taking the write lock at BEGIN: a second process on the same
 * file (an operator's command enqueueing a job while the server claims one) then waits out
 * busy_timeout. A deferred transaction that reads first fails at once with SQLITE_BUSY when its
 * write finds another connection's write in between, whatever busy_timeout says.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const raw = new Database(file);
  if (file !== ':memory:') raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('synchronous = NORMAL');
  migrate(raw);
  return new Kysely<Tables>({ dialect: new ImmediateSqliteDialect({ database: keepingStatements(raw) }) });
}

async function openPostgres(url: string, options: OpenOptions): Promise<Db> {
  const where = describeDatabase(url);
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 10_000,
    Client: GuardedPgClient,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A pool's idle client that loses its server emits 'error'; without a listener that kills the process.
  pool.on('error', () => undefined);
  try {
    await migratePostgres(pool, undefined, schema);
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUrlError(`DATABASE_URL: could not use ${where}: ${reason || 'connection refused'}`);
  }
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Opens the database and brings its schema up to date: a SQLite file (created if needed, WAL
 * mode), `:memory:`, or a `postgres://` URL. Throws DatabaseUrlError for a server it cannot use.
 */
export async function openDatabase(target: string, options: OpenOptions = {}): Promise<Db> {
  return isPostgresUrl(target) ? openPostgres(target, options) : openSqlite(target);
}

export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function databaseFile(dataDir: string): string {
  return join(dataDir, 'site.db');
}
