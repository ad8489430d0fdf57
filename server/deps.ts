import type { Router } from 'express';
import type { Db } from '#db/index.ts';
import type { AssetManifest } from '#views/site-context.ts';
import type { Config } from './config/index.ts';
import type { AdminSection } from './http/admin/types.ts';
import type { Jobs } from './lib/jobs/index.ts';
import type { Logger } from './lib/logger.ts';
import type { Messaging } from './lib/messaging/index.ts';
import type { PlatformClients } from './lib/platform-clients.ts';
import type { SafeFetcher } from './lib/safe-fetch/index.ts';

/** What every feature may depend on. Built once per app by createApp from its caller's config, db and log. */
export interface AppDeps {
  config: Config;
  db: Db;
  log: Logger;
  /** The app's guarded fetcher for visitors' URLs: FETCH_ALLOW_PRIVATE and an identifying User-Agent. */
  fetcher: SafeFetcher;
  /** The video platforms' fetcher (MEDIA_PROXY_URL) and the one YouTube client the media features share. */
  platforms: PlatformClients;
  /** The durable job system (server/job-system.ts): long work is enqueued here and runs in worker threads. */
  jobs: Jobs;
  /** The one outbox's process side (server/lib/messaging): what a feature stored is delivered soon. */
  messaging: Messaging;
  /** The build's manifest: server-rendered pages outside the route table (the inbox) link its CSS. */
  assets: AssetManifest;
}

/** What a feature's index.ts builds from AppDeps: its routes and its part in the process's life. */
export interface Feature {
  /** Routes mounted under /api; a router owns full paths below it (e.g. `router.post('/contact', ...)`). */
  api?: Router;
  /** Routers mounted elsewhere, e.g. the posts' feeds and images. */
  mounts?: Array<{ path: string; router: Router }>;
  /** Sections of /admin (with ADMIN_PASSWORD), plugged into the one admin shell (server/http/admin). */
  admin?: AdminSection[];
  /** Start-up work that writes (jobs cut off by a restart, seed data); runs once before the server listens. */
  prepare?: () => void | Promise<void>;
  /** Background work started once the server listens. */
  start?: () => void;
  /** Stops the feature's work when the process shuts down (abort crawls, drain queues), before the database closes. */
  stop?: () => void | Promise<void>;
}
