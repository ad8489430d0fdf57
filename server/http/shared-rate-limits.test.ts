import { noJobs } from '#test/helpers/app.ts';
import type { Express } from 'express';
import request from 'supertest';
import { expect, onTestFinished, test } from 'vitest';
import type { Db, Dialect } from '#db/index.ts';
import { createApp } from '#server/app.ts';
import { loadConfig } from '#server/config/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import { operatorProfilePath } from '#test/helpers/business.ts';
import { closeTestDatabase, openTestDatabase } from '#test/helpers/databases.ts';
import { apiOnlyAssets } from '#test/helpers/live-tools-app.ts';

/**
 * Two web processes of one site: two apps built as test/helpers/app.ts builds one, on ONE database
 * (createTestApp would give each its own), with the /api flood limit at 4 a minute.
 */
async function twoProcesses(dialect: Dialect) {
  const db: Db = await openTestDatabase(dialect);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: ':memory:',
    SITE_URL: 'https://example.test',
    SITE_PROFILE: operatorProfilePath,
    API_RATE_LIMIT: '4',
  });
  const apps: Express[] = [];
  onTestFinished(async () => {
    for (const app of apps) await app.locals.shutdown();
    await closeTestDatabase(db);
  });
  for (const _process of [1, 2]) {
    const app = createApp({ config, db, log: createLogger(config.logLevel), jobs: noJobs(), assets: apiOnlyAssets });
    apps.push(app);
    await app.locals.prepare();
  }
  return apps;
}

/** The statuses of `count` requests from one IP, sent to the two processes in turn. */
async function alternate(apps: Express[], count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await request(apps[i % 2]).get('/api/try-free-tools/list')).status);
  return statuses;
}

test('on PostgreSQL the web processes count in the database: an IP gets API_RATE_LIMIT requests in all', async () => {
  const apps = await twoProcesses('postgres');
  expect(await alternate(apps, 6)).toEqual([200, 200, 200, 200, 429, 429]);
});

test('on SQLite (one process serves the site) each app counts in its own memory', async () => {
  const apps = await twoProcesses('sqlite');
  expect(await alternate(apps, 10)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
});
