import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { databaseFile, migrate, openDatabase, readMigrations } from './index.ts';

test('migrations are numbered uniquely and in order', () => {
  const versions = readMigrations().map((m) => m.version);
  expect(versions.length).toBeGreaterThan(0);
  expect(new Set(versions).size).toBe(versions.length);
  expect([...versions].sort((a, b) => a - b)).toEqual(versions);
});

test('a new file database is created in WAL mode and fully migrated; reopening applies nothing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'db-test-'));
  const file = databaseFile(join(dir, 'nested'));
  const db = openDatabase(file);
  expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  const latest = readMigrations().at(-1)!.version;
  expect(db.pragma('user_version', { simple: true })).toBe(latest);
  db.close();
  const again = openDatabase(file);
  expect(migrate(again)).toEqual([]);
  again.close();
});

test('a failing migration rolls back and is not recorded', () => {
  const db = openDatabase(':memory:');
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
  const db = openDatabase(':memory:');
  const early = { version: 1, name: '0001_a.sql', sql: 'CREATE TABLE a (id INTEGER);' };
  const late = { version: 5, name: '0005_c.sql', sql: 'CREATE TABLE c (id INTEGER);' };
  const middle = { version: 3, name: '0003_b.sql', sql: 'CREATE TABLE b (id INTEGER);' };
  const fresh = new (db.constructor as new (file: string) => typeof db)(':memory:');
  expect(migrate(fresh, [early, late])).toEqual([1, 5]);
  expect(migrate(fresh, [early, middle, late])).toEqual([3]);
  expect(fresh.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toEqual({ name: 'b' });
  expect(migrate(fresh, [early, middle, late])).toEqual([]);
});
