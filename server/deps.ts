import type { Db } from '#db/index.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';

/** What every API router and service factory may depend on. Built once by createApp's caller. */
export interface AppDeps {
  config: Config;
  db: Db;
  log: Logger;
}
