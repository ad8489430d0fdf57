import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import { sql } from 'kysely';
import express, { type Express } from 'express';
import type { PageDef } from '#views/page.ts';
import type { AssetManifest } from '#views/site-context.ts';
import { pickMonitorView } from '#views/pages/monitoring/model.ts';
import { apiRouter } from './http/api-router.ts';
import { shareRateLimits } from './http/rate-limit.ts';
import { sharedRateLimitsFor } from './http/rate-limit-store.ts';
import { loadManifest, loadStaticFiles, type StaticFile } from './pages/assets.ts';
import type { Config } from './config/index.ts';
import type { Db } from '#db/index.ts';
import { getSiteAudit } from '#db/site-audits.ts';
import { isId } from '#views/model/ids.ts';
import type { AppDeps } from './deps.ts';
import type { Logger } from './lib/logger.ts';
import { buildFeatures } from './features/index.ts';
import { errorHandler } from './http/errors.ts';
import { createAdminShell } from './http/admin/shell.ts';
import { createRenderer } from './pages/render.tsx';
import { createFastPath } from './pages/fast-path.ts';
import { makeCachedBody } from './pages/page-cache.ts';
import { createRequestIds, requestLog } from './http/request-log.ts';
import { redirects } from './pages/redirects.ts';
import { pages as routeTable } from './pages/routes.ts';
import { precomputedSecurityHeaders, securityHeaders } from './http/security.ts';
import { siteFiles } from './pages/site-files.ts';
import { staticErrorPage } from './pages/static-error-page.ts';
import { createPlatformClients } from './lib/platform-clients.ts';
import { createAppFetcher } from './lib/safe-fetch/app-fetcher.ts';
import { createMessaging } from './lib/messaging/index.ts';
import { NotAllowedError, NotFoundError } from './lib/domain-errors.ts';
import { MonitorDeletedError } from './features/monitoring/service.ts';
import { profileTimeZone } from '#views/model/local-time.ts';
import './http/validation.ts';

export interface CreateAppOptions extends Pick<AppDeps, 'config' | 'db' | 'log' | 'jobs'> {
  /** Build manifest; read from dist/public when omitted. */
  assets?: AssetManifest;
  /** Route table; the site's own when omitted (tests may pass a smaller one). */
  pages?: PageDef[];
}

/**
 * Files that name the business come from the profile, served from memory like the build output:
 * the web app manifest and the logo (under its content-hashed URL).
 */
function withProfileFiles(files: Map<string, StaticFile>, config: Config): Map<string, StaticFile> {
  const { business, logo } = config.siteProfile;
  const manifest = {
    name: business.tagline ? `${business.name} – ${business.tagline}` : business.name,
    short_name: business.name.length <= 12 ? business.name : business.name.split(/\s+/)[0].slice(0, 12),
    start_url: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0f3d91',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
  files.set('/manifest.webmanifest', {
    body: makeCachedBody(Buffer.from(JSON.stringify(manifest, null, 2))),
    type: 'application/manifest+json',
    cacheControl: 'public, max-age=86400',
  });
  if (logo)
    files.set(logo.url, {
      body: makeCachedBody(logo.body, logo.type === 'image/svg+xml'),
      type: logo.type,
      cacheControl: 'public, max-age=31536000, immutable',
    });
  return files;
}

/** `/healthz` answers while the process lives; `/readyz` also asks the database. */
function healthRoutes(app: Express, db: Db, log: Logger): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await sql`SELECT 1`.execute(db);
      res.json({ status: 'ready' });
    } catch (error) {
      log.error({ err: error }, 'readiness check failed');
      res.status(503).json({ status: 'unavailable', error: 'Database is not answering' });
    }
  });
}

/** What a worker process (ROLE=worker) serves: its health checks, and 404 for everything else. */
export function healthOnlyApp(db: Db, log: Logger): Express {
  const app = express();
  app.disable('x-powered-by');
  healthRoutes(app, db, log);
  app.use((_req, res) => {
    res.status(404).json({ error: 'This is a worker process: it runs jobs and serves only /healthz and /readyz.' });
  });
  return app;
}

/**
 * What the caller runs around the app's life, on `app.locals`: `prepare()` (start-up work, before
 * listening), `startBackgroundWork()` (once listening) and `shutdown()`; and the services pages
 * outside the route table (and tests) reach.
 */
function handOver(
  app: Express,
  deps: AppDeps,
  features: ReturnType<typeof buildFeatures>,
  sharedRateLimits: ReturnType<typeof sharedRateLimitsFor>,
): void {
  app.locals.prepare = async () => {
    await deps.messaging.prepare();
    for (const feature of features.all) await feature.prepare?.();
  };
  app.locals.startBackgroundWork = () => {
    for (const feature of features.all) feature.start?.();
  };
  app.locals.leads = features.leads;
  app.locals.posts = features.posts;
  // The monitors' service (for pages outside the API: the admin Client sites page).
  app.locals.monitoring = features.monitoring;
  // The outbox's delivery, which tests (and an operator's script) can run and wait for.
  app.locals.messaging = deps.messaging;
  app.locals.shutdown = async () => {
    await Promise.allSettled(features.all.map(async (feature) => feature.stop?.()));
    await sharedRateLimits?.close();
  };
}

/**
 * Builds the whole site as an Express app. No side effects: no listening, no timers, no writes, no
 * env reads. What writes or runs in the background is handed to the caller on `app.locals`:
 * `prepare()` (start-up work, before listening), `startBackgroundWork()` (once listening) and
 * `shutdown()`.
 */
export function createApp(options: CreateAppOptions): Express {
  const { config, db, log, jobs } = options;
  const pages = options.pages ?? routeTable;
  const assets = options.assets ?? loadManifest();
  const deps: AppDeps = {
    config,
    db,
    log,
    jobs,
    messaging: createMessaging({ db, jobs, log }),
    assets,
    fetcher: createAppFetcher(config),
    platforms: createPlatformClients(config),
  };
  const features = buildFeatures(deps);
  const showDetails = config.env !== 'production';

  const app = express();
  app.disable('x-powered-by');
  // On PostgreSQL every limiter counts in the database, so limits hold across web processes.
  const sharedRateLimits = sharedRateLimitsFor(db, log);
  if (sharedRateLimits) shareRateLimits(app, sharedRateLimits);
  handOver(app, deps, features, sharedRateLimits);
  app.set('trust proxy', config.trustProxy);
  const renderer = createRenderer({
    config,
    log,
    assets,
    pages,
    loaderContext: {
      directoryStatus: features.directoryStatus,
      posts: features.posts.reader,
      // A shared audit report's <title> and Open Graph tags name the site, the date and the score (issue 37).
      siteAudits: { head: (id) => (isId(id) ? getSiteAudit(db, id) : Promise.resolve(undefined)) },
      timeZone: profileTimeZone(config.siteProfile.business),
      // The manage page (issue 25): a wrong or foreign link, or a deleted monitor's, shows the page's own message.
      monitors: {
        view: (id, token) =>
          features.monitoring.service.get(id, token).then(
            (view) => ({ monitor: pickMonitorView(view) }),
            (error: unknown) => {
              if (error instanceof MonitorDeletedError) return { refused: 'deleted' as const };
              if (error instanceof NotAllowedError || error instanceof NotFoundError)
                return { refused: 'invalid' as const };
              throw error;
            },
          ),
        // Read after `view` accepted the same link: its refusals are `view`'s to show.
        changes: async (id, token, page) =>
          (await features.monitoring.service.changes(id, token, { url: page ?? undefined, limit: 200 })).changes,
        watch: (id, token) => features.monitoring.service.watchForm(id, token),
      },
    },
    // A newer link check changes the directory pages, a saved or newly live post the post pages:
    // cached pages are rendered afresh.
    revision: () => features.directoryStatus.revision + features.posts.revision(),
  });
  const ids = createRequestIds();
  app.use(requestLog(ids, log));
  const security = { https: config.siteUrl.startsWith('https:') };
  app.use(securityHeaders(security));
  // The sample business must never reach a search index: every response says so, files and API included.
  const sampleHeaders = config.siteProfile.sample ? ['X-Robots-Tag', 'noindex'] : [];
  if (sampleHeaders.length) {
    app.use((_req, res, next) => {
      res.setHeader('X-Robots-Tag', 'noindex');
      next();
    });
  }

  healthRoutes(app, db, log);

  app.use('/assets', (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(compression({ threshold: 1024 }));
  app.use(siteFiles(pages, config, { extraEntries: features.posts.sitemapEntries }));
  app.use(
    '/api',
    apiRouter(
      features.all.flatMap((feature) => feature.api ?? []),
      { perMinute: config.limits.apiPerMinute },
    ),
  );
  for (const mount of features.all.flatMap((feature) => feature.mounts ?? [])) app.use(mount.path, mount.router);
  if (config.admin) {
    const sections = features.all.flatMap((feature) => feature.admin ?? []);
    app.use(
      '/admin',
      createAdminShell({ config, db, log, password: config.admin.password, css: assets.css, sections }),
    );
  } else {
    // No ADMIN_PASSWORD: the inbox does not exist; every /admin path is the site's ordinary 404.
    app.all(/^\/admin(?:\/.*)?$/, (req, res, next) => {
      if (req.method === 'GET' || req.method === 'HEAD') return renderer.renderPage(req, res, next);
      res.status(404).type('text/plain').send('Not found');
    });
  }
  app.use(redirects(pages));
  app.use(renderer.renderPage);
  app.use(errorHandler(log, staticErrorPage, showDetails));

  // Build output and cached pages are answered before Express's per-request work (see fast-path.ts).
  const precomputed = precomputedSecurityHeaders(security);
  precomputed.headers.push(...sampleHeaders);
  const fastPath = createFastPath({
    files: withProfileFiles(loadStaticFiles(), config),
    cachedPage: renderer.cachedPage,
    security: precomputed,
    ids,
    log,
  });
  const expressHandle = (
    app as unknown as { handle: (req: IncomingMessage, res: ServerResponse, next?: unknown) => void }
  ).handle.bind(app);
  Object.assign(app, {
    handle(req: IncomingMessage, res: ServerResponse, next?: unknown) {
      if (!fastPath(req, res)) expressHandle(req, res, next);
    },
  });
  return app;
}
