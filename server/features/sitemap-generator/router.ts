import { Router, type Request } from 'express';
import { endpoint } from '#server/http/endpoint.ts';
import { HttpError } from '#server/http/http-error.ts';
import { openEventStream } from '#server/http/sse.ts';
import type { SitemapEvent, SitemapGenerator } from './service.ts';
import { parseOr400 } from '#server/http/validation.ts';
import { visitorKey } from '#server/http/visitor.ts';
import { generateSitemapBody, progressQuery } from '#views/tools/sitemap-generator/schema.ts';

/** A progress stream with no crawl to report closes after this long. */
const IDLE_STREAM_MS = 15_000;

/**
 * Sitemap generator API: POST /api/sitemaps {url, maxPages?, include?, exclude?, includeNoindex?,
 * includeNonCanonical?, images?, hreflang?} → {sitemap, record, report}; GET /api/sitemaps
 * (this browser's, newest first: the `visitor` cookie POST sets); GET /api/sitemaps/progress?url=
 * (Server-Sent Events, the same options as query parameters); GET|HEAD
 * /api/sitemaps/files/:name (the XML, or the HTML sitemap: `.html`, `?download=1` to save it); GET /api/sitemaps/:id (a record with its crawl report).
 */
export function sitemapGeneratorRouter({
  service,
  rateLimitPer10Min,
}: {
  service: SitemapGenerator;
  rateLimitPer10Min: number;
}): Router {
  const router = Router();

  router.get('/sitemaps', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const visitor = visitorKey(req, res, { create: false });
    res.json(visitor ? await service.list(visitor) : []);
  });

  // endpoint(): the body is checked before the rate limiter runs, so a typo does not use up an attempt.
  const parse = (req: Request) => parseOr400(generateSitemapBody, req.body ?? {});
  const limit = { name: 'sitemap-generator', windowMs: 10 * 60_000, limit: rateLimitPer10Min };
  router.post(
    '/sitemaps',
    ...endpoint({ parse, limit }, async ({ url, ...options }, req, res) => {
      const visitor = visitorKey(req, res, { create: true })!;
      const { sitemap, record, report } = await service.generate(url, visitor, options);
      res.json({ sitemap, record, report });
    }),
  );

  router.get('/sitemaps/progress', async (req, res) => {
    const { url, ...options } = parseOr400(progressQuery, req.query);
    service.check(url, options);
    const stream = openEventStream(req, res);
    let idle: NodeJS.Timeout | undefined;
    let watching: Awaited<ReturnType<SitemapGenerator['watch']>>;
    try {
      watching = await service.watch(
        url,
        (event: SitemapEvent) => {
          clearTimeout(idle);
          stream.send(event.type, event.type === 'progress' ? event.progress : event);
          if (event.type !== 'progress') stream.close();
        },
        options,
      );
    } catch (error) {
      stream.close();
      throw error;
    }
    stream.onClose(() => {
      clearTimeout(idle);
      watching.unsubscribe();
    });
    if (watching.running && watching.progress) stream.send('progress', watching.progress);
    else {
      stream.send('idle', { running: false });
      idle = setTimeout(stream.close, IDLE_STREAM_MS);
    }
  });

  // From the database, so any process serves any file; Express adds the length and an ETag, answers
  // HEAD without the body and a conditional GET (ETag or Last-Modified) with 304.
  router.get('/sitemaps/files/:name', async (req, res) => {
    const name = String(req.params.name);
    const file = await service.file(name);
    if (!file) throw new HttpError(404, 'No such sitemap file');
    const html = name.endsWith('.html');
    res.setHeader('Content-Type', html ? 'text/html; charset=utf-8' : 'application/xml; charset=utf-8');
    // ?download=1 saves the HTML sitemap under the name it should have on the visitor's site.
    const download = html && req.query.download === '1';
    res.setHeader(
      'Content-Disposition',
      download ? 'attachment; filename="sitemap.html"' : `inline; filename="${name}"`,
    );
    // The HTML sitemap lists another site's pages: ours to show, not to index.
    if (html) res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('Last-Modified', new Date(file.createdAt).toUTCString());
    res.send(file.content);
  });

  router.get('/sitemaps/:id', async (req, res) => {
    const stored = await service.get(String(req.params.id));
    if (!stored) throw new HttpError(404, 'No such sitemap');
    res.json({
      record: {
        _id: stored._id,
        url: stored.url,
        pages: stored.pages,
        sitemapPath: stored.sitemapPath,
        createdAt: stored.createdAt,
      },
      report: stored.report,
    });
  });

  return router;
}
