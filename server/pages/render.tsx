import { Writable } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import type { ReactNode } from 'react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { LoaderContext } from '#views/loader-context.ts';
import { resolvePage, type PageDef } from '#views/page.ts';
import { SiteContext, type AssetManifest, type SiteInfo } from '#views/site-context.ts';
import type { Config } from '#server/config/index.ts';
import type { Logger } from '#server/lib/logger.ts';
import { makeCachedBody, PageCache, sendCached, type CachedBody } from './page-cache.ts';
import { createFetchRequest, pageCacheKey, pageSearch } from './page-request.ts';
import { isLocalPath } from './redirects.ts';
import { buildNav, buildRouteObjects } from './routes.ts';
import { staticErrorPage } from './static-error-page.ts';

/** Renders slower than this are aborted; whatever streamed so far is ended. */
export const RENDER_TIMEOUT_MS = 10_000;
const HTML = 'text/html; charset=utf-8';

export interface RendererOptions {
  config: Config;
  log: Logger;
  assets: AssetManifest;
  pages: PageDef[];
  /** Handed to every loader as react-router's request context (views/loader-context.ts). */
  loaderContext: LoaderContext;
  /**
   * Changes when what the loaders read changes (the link checker's newest results): pages cached
   * before are dropped, and a render begun before is not cached under the new value.
   */
  revision?: () => number;
}

type Locals = { nonce?: string };

/** The pages the site search lists: every page with a fixed path that is in the sitemap. */
function siteIndexOf(pages: PageDef[], business: Config['siteProfile']['business']): SiteInfo['siteIndex'] {
  return pages
    .filter((page) => !page.path.includes(':') && page.inSitemap !== false)
    .map((page) => {
      const { title, description } = resolvePage(page, business);
      return { path: page.path, title, description };
    });
}

/** A loader's Response: a redirect on this site is followed (true); anything else is a bug and thrown. */
function redirectOf(context: globalThis.Response, res: Response): void {
  const location = context.headers.get('Location');
  if (location && context.status >= 300 && context.status < 400) {
    if (!isLocalPath(location)) throw new Error(`A loader redirected off site (${location})`);
    return res.redirect(context.status, location);
  }
  throw new Error(`Loader returned an unexpected Response (${context.status})`);
}

interface RenderTarget {
  req: Request;
  res: Response;
  app: ReactNode;
  log: Logger;
  /** Answers a render that failed before its shell was ready. */
  fail: (error: unknown) => void;
}

/** Renders the whole page into memory, caches it under `key`, then answers from the cache's entry. */
function renderCached({ req, res, app, log, fail }: RenderTarget, cache: PageCache, key: string): void {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  sink.on('finish', () => {
    const entry = makeCachedBody(Buffer.concat(chunks));
    cache.set(key, entry);
    sendCached(req, res, entry, HTML, 'no-cache');
  });
  const stream = renderToPipeableStream(app, {
    onAllReady: () => stream.pipe(sink),
    onShellError: fail,
    onError: (error) => log.error({ err: error, url: req.originalUrl }, 'render error'),
  });
  setTimeout(() => stream.abort(new Error('Render timed out')), RENDER_TIMEOUT_MS).unref();
}

/** Streams the page: people get the shell as soon as it is ready, search bots the whole document. */
function renderStreamed({ req, res, app, log, fail }: RenderTarget, status: number, nonce: string | undefined): void {
  const bot = isbot(req.get('user-agent') ?? '');
  let failed = false;
  const stream = renderToPipeableStream(app, {
    nonce,
    [bot ? 'onAllReady' : 'onShellReady']: () => {
      if (failed) return;
      res.status(status);
      res.setHeader('Content-Type', HTML);
      res.setHeader('Cache-Control', 'no-store');
      stream.pipe(res);
    },
    onShellError: (error: unknown) => {
      failed = true;
      fail(error);
    },
    onError: (error: unknown) => log.error({ err: error, url: req.originalUrl }, 'render error'),
  });
  const timer = setTimeout(() => stream.abort(new Error('Render timed out')), RENDER_TIMEOUT_MS);
  res.on('close', () => clearTimeout(timer));
}

export function createRenderer({ config, log, assets, pages, loaderContext, revision }: RendererOptions) {
  const routeObjects = buildRouteObjects(pages);
  const handler = createStaticHandler(routeObjects);
  const nav = buildNav(pages);
  const cache = new PageCache();
  const showErrorDetails = config.env !== 'production';

  const { business, sample } = config.siteProfile;
  const siteIndex = siteIndexOf(pages, business);

  function siteInfo(nonce: string | undefined): SiteInfo {
    return {
      siteUrl: config.siteUrl,
      assets,
      nav,
      year: new Date().getFullYear(),
      showErrorDetails,
      nonce,
      business,
      sample,
      siteIndex,
    };
  }

  const pageByPath = new Map(pages.map((page) => [page.path, page]));

  const year = () => new Date().getFullYear();
  let cachedRevision = revision?.() ?? 0;

  /** The cache key of a page for this path and query (null: rendered fresh), in the current revision. */
  function cacheKey(page: PageDef | undefined, path: string, query: string): string | null {
    const current = revision?.() ?? 0;
    if (current !== cachedRevision) {
      cache.clear();
      cachedRevision = current;
    }
    const key = pageCacheKey(page, path, query, year());
    return key === null ? null : `${current} ${key}`;
  }

  /** The rendered page for this path and query when it is in the cache. */
  function cachedPage(path: string, query: string): CachedBody | undefined {
    const key = cacheKey(pageByPath.get(path), path, query);
    return key ? cache.get(key) : undefined;
  }

  async function renderPage(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const queryAt = req.originalUrl.indexOf('?');
    const query = queryAt === -1 ? '' : req.originalUrl.slice(queryAt + 1);
    const page = pageByPath.get(req.path);
    const key = cacheKey(page, req.path, query);

    // Concatenated, not resolved: `//evil.com/` stays a path on this site (and a 404).
    const url = `${config.siteUrl}${req.path}${pageSearch(page, query)}`;
    const context = await handler.query(createFetchRequest(req, res, url), { requestContext: loaderContext });
    if (context instanceof Response) return redirectOf(context, res);
    for (const error of Object.values(context.errors ?? {})) {
      if (!(error && typeof error === 'object' && 'status' in error && error.status === 404))
        log.error({ err: error, url: req.originalUrl }, 'loader failed');
    }

    const router = createStaticRouter(handler.dataRoutes, context);
    const cacheable = key !== null && context.statusCode === 200;
    const nonce = cacheable ? undefined : (res.locals as Locals).nonce;
    const app = (
      <SiteContext value={siteInfo(nonce)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />
      </SiteContext>
    );
    const fail = (error: unknown) => {
      log.error({ err: error, url: req.originalUrl }, 'page render failed');
      if (res.headersSent) return res.end();
      const details = showErrorDetails && error instanceof Error ? (error.stack ?? error.message) : undefined;
      res.status(500).type('html').setHeader('Cache-Control', 'no-store');
      res.end(staticErrorPage(details));
    };

    const target = { req, res, app, log, fail };
    if (cacheable) renderCached(target, cache, key);
    else renderStreamed(target, context.statusCode, nonce);
  }

  return { cachedPage, renderPage };
}
