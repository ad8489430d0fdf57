import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { closeTestDatabase, openTestDatabase, testPostgresUrl } from '#test/helpers/databases.ts';
import {
  databaseFile,
  DatabaseUrlError,
  describeDatabase,
  dialectOf,
  migrate,
  openDatabase,
  readMigrations,
  type Db,
} from './index.ts';
import { spawnOwned } from '#test/helpers/owned-processes.ts';

test('migrations are numbered uniquely and in order, in both folders; PostgreSQL ends where SQLite ends', () => {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const versions = readMigrations(dialect).map((m) => m.version);
    expect(versions.length).toBeGreaterThan(0);
    expect(new Set(versions).size).toBe(versions.length);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
  }
  expect(readMigrations('postgres').at(-1)!.version).toBe(readMigrations('sqlite').at(-1)!.version);
});

test('a new file database is created in WAL mode and fully migrated; reopening applies nothing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'db-test-'));
  const file = databaseFile(join(dir, 'nested'));
  const db = await openDatabase(file);
  expect(dialectOf(db)).toBe('sqlite');
  await db.destroy();
  const raw = new Database(file);
  expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
  expect(raw.pragma('user_version', { simple: true })).toBe(readMigrations().at(-1)!.version);
  expect(migrate(raw)).toEqual([]);
  raw.close();
});

test('a failing migration rolls back and is not recorded', () => {
  const db = new Database(':memory:');
  migrate(db);
  const before = db.pragma('user_version', { simple: true }) as number;
  expect(() =>
    migrate(db, [
      { version: before + 1, name: 'bad', sql: 'CREATE TABLE ok_table (id INTEGER); SELECT * FROM missing_table;' },
    ]),
  ).toThrow();
  expect(db.pragma('user_version', { simple: true })).toBe(before);
  expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'ok_table'").get()).toBeUndefined();
  expect(db.prepare('SELECT version FROM schema_migrations WHERE version = ?').get(before + 1)).toBeUndefined();
});

test('a migration numbered below ones already applied still runs (branches landing out of order)', () => {
  const early = { version: 1, name: '0001_a.sql', sql: 'CREATE TABLE a (id INTEGER);' };
  const late = { version: 5, name: '0005_c.sql', sql: 'CREATE TABLE c (id INTEGER);' };
  const middle = { version: 3, name: '0003_b.sql', sql: 'CREATE TABLE b (id INTEGER);' };
  const fresh = new Database(':memory:');
  expect(migrate(fresh, [early, late])).toEqual([1, 5]);
  expect(migrate(fresh, [early, middle, late])).toEqual([3]);
  expect(fresh.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toEqual({ name: 'b' });
  expect(migrate(fresh, [early, middle, late])).toEqual([]);
});

/**
 * Tables only the embedded database has: the SQLite job queue (db/jobs.ts); with PostgreSQL the
 * jobs live in BullMQ's own schema (docs/decisions/0032).
 */
const EMBEDDED_ONLY = new Set(['jobs']);

describe('both databases hold the same tables', () => {
  const opened: Db[] = [];
  afterAll(async () => {
    for (const db of opened) await closeTestDatabase(db);
  });

  /** Table → column → type, read from the test's own schema only on PostgreSQL: Kysely's introspection reads every
   * schema (and calls pg_get_serial_sequence on each table), so another test dropping its schema at that moment
   * failed this one with "relation … does not exist". */
  async function columnsOf(db: Db): Promise<{ table: string; column: string; type: string }[]> {
    if (dialectOf(db) !== 'postgres') {
      const tables = await db.introspection.getTables();
      return tables.flatMap((table) =>
        table.columns.map((column) => ({ table: table.name, column: column.name, type: column.dataType })),
      );
    }
    const { rows } = await sql<{ table: string; column: string; type: string }>`
      SELECT table_name AS "table", column_name AS "column", data_type AS "type"
      FROM information_schema.columns
      WHERE table_schema = current_schema()`.execute(db);
    return rows;
  }

  /** Table → column → a type family both databases agree on (text, integer, real). */
  async function shape(db: Db): Promise<Record<string, Record<string, string>>> {
    const family = (type: string) =>
      /int|serial/i.test(type) ? 'integer' : /real|double|float|numeric/i.test(type) ? 'real' : 'text';
    const shaped: Record<string, Record<string, string>> = {};
    for (const { table, column, type } of await columnsOf(db)) {
      if (table === 'schema_migrations' || EMBEDDED_ONLY.has(table)) continue;
      (shaped[table] ??= {})[column] = family(type);
    }
    return Object.fromEntries(Object.entries(shaped).sort(([a], [b]) => a.localeCompare(b)));
  }

  test('every table and column, with the same type family, in SQLite and PostgreSQL', async () => {
    const sqlite = await openTestDatabase('sqlite');
    const postgres = await openTestDatabase('postgres');
    opened.push(sqlite, postgres);
    expect(dialectOf(postgres)).toBe('postgres');
    const expected = await shape(sqlite);
    expect(Object.keys(expected).length).toBeGreaterThan(5);
    const sqliteTables = (await sqlite.introspection.getTables()).map((table) => table.name);
    for (const name of EMBEDDED_ONLY) expect(sqliteTables).toContain(name);
    expect(await shape(postgres)).toEqual(expected);
  });

  test('tables nothing writes any more are dropped on both (log_file_hit_parts, migration 0033)', async () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const db = await openTestDatabase(dialect);
      opened.push(db);
      const tables = Object.keys(await shape(db));
      expect(tables).toContain('log_file_hits');
      expect(tables).not.toContain('log_file_hit_parts');
    }
  });

  test('concurrent boots on one PostgreSQL migrate once (advisory lock)', async () => {
    const schema = `t_boot_${process.pid}`;
    const boots = await Promise.all([1, 2, 3].map(() => openDatabase(testPostgresUrl(), { schema, poolSize: 2 })));
    const rows = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM schema_migrations`.execute(boots[0]!);
    expect(rows.rows[0]!.n).toBe(readMigrations('postgres').length);
    await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(boots[0]!);
    for (const db of boots) await db.destroy();
  });
});

test('a PostgreSQL server that cannot be reached stops with one line naming it, without the password', async () => {
  const url = 'postgres://app:secret@127.0.0.1:1/site';
  const error = await openDatabase(url).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(DatabaseUrlError);
  const message = (error as Error).message;
  expect(message).toMatch(/^DATABASE_URL: could not use PostgreSQL at 127\.0\.0\.1:1\/site: /);
  expect(message).not.toContain('secret');
  expect(message).not.toContain('\n');
  expect(describeDatabase('/data/site.db')).toBe('SQLite at /data/site.db');
});

test('SQLite: a transaction that reads then writes waits for another process writing the same file, and succeeds', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'db-test-'));
  const file = databaseFile(dir);
  const db = await openDatabase(file);
  // Another process takes the write lock, writes, and commits 300 ms later.
  const writer = spawnOwned(
    process.execPath,
    [
      '-e',
      `const db = new (require('better-sqlite3'))(process.argv[1]);
       db.pragma('busy_timeout = 5000');
       db.exec('BEGIN IMMEDIATE');
       db.prepare("INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ('other', 1, 1)").run();
       process.stdout.write('locked\\n');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
       db.exec('COMMIT');`,
      file,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await once(writer.stdout!, 'data');
  try {
    await db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('rate_limit_hits').select('key').execute();
      await trx
        .insertInto('rate_limit_hits')
        .values({ key: `mine-${rows.length}`, hits: 1, reset_at: 1 })
        .execute();
    });
    const keys = await db.selectFrom('rate_limit_hits').select('key').orderBy('key').execute();
    expect(keys.map((row) => row.key)).toEqual(['mine-1', 'other']);
  } finally {
    await once(writer, 'close');
    await db.destroy();
  }
});
