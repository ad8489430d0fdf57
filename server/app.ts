import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import express, { type Express } from 'express';
import type { PageDef } from '#views/page.ts';
import type { AssetManifest } from '#views/site-context.ts';
import { adminRouter } from './admin/router.ts';
import { apiRouter } from './api/index.ts';
import { loadManifest, loadStaticFiles, type StaticFile } from './assets.ts';
import type { Config } from './config/index.ts';
import type { AppDeps } from './deps.ts';
import { errorHandler } from './errors.ts';
import { directoryStatusFor } from './directory-status.ts';
import { createRenderer } from './render.tsx';
import { createFastPath } from './fast-path.ts';
import { createLeadDelivery } from './services/lead-delivery/index.ts';
import { makeCachedBody } from './page-cache.ts';
import { createRequestIds, requestLog } from './request-log.ts';
import { redirects } from './redirects.ts';
import { pages as routeTable } from './routes.ts';
import { precomputedSecurityHeaders, securityHeaders } from './security.ts';
import { siteFiles } from './site-files.ts';
import { staticErrorPage } from './static-error-page.ts';
import './validation.ts';

export interface CreateAppOptions extends Omit<AppDeps, 'onShutdown' | 'leads'> {
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
  if (logo) files.set(logo.url, { body: makeCachedBody(logo.body, logo.type === 'image/svg+xml'), type: logo.type, cacheControl: 'public, max-age=31536000, immutable' });
  return files;
}

/** Builds the whole site as an Express app. No side effects: no listening, no timers, no env reads. */
export function createApp(options: CreateAppOptions): Express {
  const { config, db, log } = options;
  const shutdownHooks: Array<() => void | Promise<void>> = [];
  const leads = createLeadDelivery({
    db,
    log,
    settings: config.leadDelivery,
    siteUrl: config.siteUrl,
    businessEmail: config.siteProfile.business.email,
    userAgent: `LeadDelivery/1.0 (+${config.siteUrl})`,
  });
  const deps: AppDeps = { config, db, log, leads, onShutdown: (hook) => shutdownHooks.push(hook) };
  shutdownHooks.push(() => leads.worker.stop());
  const pages = options.pages ?? routeTable;
  const assets = options.assets ?? loadManifest();
  const showDetails = config.env !== 'production';

  const app = express();
  app.disable('x-powered-by');
  // Background work the process runs once it listens (server/index.ts): queued lead deliveries.
  app.locals.startBackgroundWork = () => leads.worker.start();
  app.locals.leads = leads;
  app.locals.shutdown = async () => {
    await Promise.allSettled(shutdownHooks.map((hook) => hook()));
  };
  app.set('trust proxy', config.trustProxy);
  const renderer = createRenderer({ config, log, assets, pages, loaderContext: { directoryStatus: directoryStatusFor(config) } });
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

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    try {
      db.prepare('SELECT 1').get();
      res.json({ status: 'ready' });
    } catch (error) {
      log.error({ err: error }, 'readiness check failed');
      res.status(503).json({ status: 'unavailable', error: 'Database is not answering' });
    }
  });

  app.use('/assets', (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(compression({ threshold: 1024 }));
  app.use(siteFiles(pages, config));
  app.use('/api', apiRouter(deps));
  if (config.admin) {
    app.use('/admin', adminRouter({ config, db, log, password: config.admin.password, css: assets.css }));
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
  const expressHandle = (app as unknown as { handle: (req: IncomingMessage, res: ServerResponse, next?: unknown) => void }).handle.bind(app);
  Object.assign(app, {
    handle(req: IncomingMessage, res: ServerResponse, next?: unknown) {
      if (!fastPath(req, res)) expressHandle(req, res, next);
    },
  });
  return app;
}
