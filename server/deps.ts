import type { Db } from '#db/index.ts';
import type { Config } from './config/index.ts';
import type { Logger } from './logger.ts';
import type { LeadDelivery } from './services/lead-delivery/index.ts';

/** What every API router and service factory may depend on. Built once by createApp's caller. */
export interface AppDeps {
  config: Config;
  db: Db;
  log: Logger;
  /**
   * Registers work to stop when the process shuts down (abort crawls, drain queues). Hooks run
   * after the server stops accepting connections and before the database closes.
   */
  onShutdown: (hook: () => void | Promise<void>) => void;
  /** Stores contact messages and article submissions and delivers them to the operator (one worker). */
  leads: LeadDelivery;
}
