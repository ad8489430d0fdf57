import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Db = Database.Database;

// Works from both db/index.ts (source) and dist/server.js (bundle): each sits one level below the root.
const migrationsDir = fileURLToPath(new URL('../db/migrations/', import.meta.url));

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 4)), name: file, sql: readFileSync(join(dir, file), 'utf8') }));
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, in order, each in its own
 * transaction. Recording each one (rather than only a high-water mark) means a migration numbered
 * below one already applied, as happens when branches land out of order, still runs.
 */
export function migrate(db: Db, migrations = readMigrations()): number[] {
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

/** Opens (creating if needed) the SQLite file in WAL mode and brings its schema up to date. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  migrate(db);
  return db;
}

export function databaseFile(dataDir: string): string {
  return join(dataDir, 'site.db');
}
