import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '#server/deps.ts';
import { endpoint } from '#server/endpoint.ts';
import { HttpError } from '#server/http-error.ts';
import { CRAWLER_BOT_NAME } from '#server/services/crawler/index.ts';
import { createSafeFetcher } from '#server/services/safe-fetch/index.ts';
import { createSitemapGenerator } from '#server/services/sitemap-generator/index.ts';
import type { JobEvent } from '#server/services/sitemap-generator/jobs.ts';
import { parseOr400 } from '#server/validation.ts';
import { visitorKey } from '#server/visitor.ts';
import { generateSitemapBody, progressQuery } from '#views/tools/sitemap-generator/schema.ts';

/** A progress stream with no crawl to report closes after this long. */
const IDLE_STREAM_MS = 15_000;
const HEARTBEAT_MS = 15_000;

function sendEvent(res: Response, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * Sitemap generator API: POST /api/sitemaps {url} → {sitemap, record, report}; GET /api/sitemaps
 * (this browser's, newest first: the `visitor` cookie POST sets); GET /api/sitemaps/progress?url=
 * (Server-Sent Events); GET|HEAD
 * /api/sitemaps/files/:name (the XML); GET /api/sitemaps/:id (a record with its crawl report).
 */
export function sitemapGeneratorRouter({ config, db, log, onShutdown }: AppDeps): Router {
  const settings = config.sitemapGenerator;
  const service = createSitemapGenerator({
    db,
    dataDir: config.dataDir,
    siteUrl: config.siteUrl,
    settings,
    log,
    fetcher: createSafeFetcher({ allowPrivate: config.fetchAllowPrivate, userAgent: `${CRAWLER_BOT_NAME}/1.0 (+${config.siteUrl}/sitemap-tool)` }),
  });
  onShutdown(() => service.close());
  const router = Router();

  router.get('/sitemaps', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const visitor = visitorKey(req, res, { create: false });
    res.json(visitor ? service.list(visitor) : []);
  });

  // endpoint(): the body is checked before the rate limiter runs, so a typo does not use up an attempt.
  const parse = (req: Request) => parseOr400(generateSitemapBody, req.body ?? {});
  router.post('/sitemaps', ...endpoint({ parse, limit: { windowMs: 10 * 60_000, limit: settings.rateLimitPer10Min } }, async ({ url }, req, res) => {
    const visitor = visitorKey(req, res, { create: true })!;
    const { sitemap, record, report } = await service.generate(url, visitor);
    res.json({ sitemap, record, report });
  }));

  router.get('/sitemaps/progress', (req, res) => {
    const { url } = parseOr400(progressQuery, req.query);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform keeps the compression middleware from buffering the stream.
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    let idle: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(idle);
      clearInterval(heartbeat);
      watching.unsubscribe();
      res.end();
    };
    const watching = service.watch(url, (event: JobEvent) => {
      clearTimeout(idle);
      sendEvent(res, event.type, event.type === 'progress' ? event.progress : event);
      if (event.type !== 'progress') finish();
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    if (watching.running && watching.progress) sendEvent(res, 'progress', watching.progress);
    else {
      sendEvent(res, 'idle', { running: false });
      idle = setTimeout(finish, IDLE_STREAM_MS);
    }
    req.on('close', finish);
  });

  router.get('/sitemaps/files/:name', async (req, res) => {
    const name = String(req.params.name);
    const file = await service.resolveFile(name);
    if (!file) throw new HttpError(404, 'No such sitemap file');
    res.setHeader('Content-Type', 'application/xml; charset=utf-8');
    res.setHeader('Content-Disposition', `inline; filename="${name}"`);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    await new Promise<void>((resolve, reject) => {
      res.sendFile(file.path, { headers: { 'Content-Type': 'application/xml; charset=utf-8' }, lastModified: true }, (error) => (error && !res.headersSent ? reject(error) : resolve()));
    });
  });

  router.get('/sitemaps/:id', (req, res) => {
    const stored = service.get(String(req.params.id));
    if (!stored) throw new HttpError(404, 'No such sitemap');
    res.json({ record: { _id: stored._id, url: stored.url, pages: stored.pages, sitemapPath: stored.sitemapPath, createdAt: stored.createdAt }, report: stored.report });
  });

  return router;
}
