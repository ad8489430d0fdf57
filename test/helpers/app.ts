import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseFile, openDatabase, type Db, type Dialect } from '#db/index.ts';
import { createApp, type CreateAppOptions } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import { operatorProfilePath } from './business.ts';
import { closeTestDatabase, openTestDatabase } from './databases.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  config: Config;
  /** Stops the app's background work and closes its database (a PostgreSQL one drops its schema). */
  close(): Promise<void>;
}

export interface TestAppOptions extends Partial<Pick<CreateAppOptions, 'pages' | 'assets'>> {
  env?: Record<string, string>;
  /** A temp-dir SQLite file instead of memory (SQLite only). */
  file?: boolean;
  dataDir?: string;
  /** Which database: SQLite (default) or a fresh schema on the test PostgreSQL server. */
  dialect?: Dialect;
}

/**
 * A fresh app on an in-memory database (or a temp-file one with `file: true`, or PostgreSQL with
 * `dialect: 'postgres'`), logging silenced, run for a test operator's profile (pass
 * `SITE_PROFILE: ''` for the sample), prepared as the server prepares it before listening.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? (options.file ? mkdtempSync(join(tmpdir(), 'seo-test-')) : ':memory:');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SITE_URL: 'https://example.test',
    SITE_PROFILE: operatorProfilePath,
    ...options.env,
  });
  const db =
    options.dialect === 'postgres'
      ? await openTestDatabase('postgres')
      : await openDatabase(dataDir === ':memory:' ? ':memory:' : databaseFile(dataDir));
  const log = createLogger(config.logLevel);
  const app = createApp({ config, db, log, pages: options.pages, assets: options.assets });
  await app.locals.prepare();
  return {
    app,
    db,
    config,
    async close() {
      await app.locals.shutdown?.();
      await closeTestDatabase(db);
    },
  };
}
