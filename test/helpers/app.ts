import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseFile, openDatabase, type Db } from '#db/index.ts';
import { createApp, type CreateAppOptions } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import { operatorProfilePath } from './business.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  config: Config;
}

/**
 * A fresh app on an in-memory database (or a temp-file one with `file: true`), logging silenced,
 * run for a test operator's profile (pass `SITE_PROFILE: ''` for the sample).
 */
export function createTestApp(
  options: { env?: Record<string, string>; file?: boolean; dataDir?: string } & Partial<
    Pick<CreateAppOptions, 'pages' | 'assets'>
  > = {},
): TestApp {
  const dataDir = options.dataDir ?? (options.file ? mkdtempSync(join(tmpdir(), 'seo-test-')) : ':memory:');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SITE_URL: 'https://example.test',
    SITE_PROFILE: operatorProfilePath,
    ...options.env,
  });
  const db = openDatabase(dataDir === ':memory:' ? ':memory:' : databaseFile(dataDir));
  const log = createLogger(config.logLevel);
  const app = createApp({ config, db, log, pages: options.pages, assets: options.assets });
  app.locals.prepare();
  return { app, db, config };
}
