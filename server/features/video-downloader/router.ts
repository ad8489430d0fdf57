import { pipeline } from 'node:stream/promises';
import { Router, type Request } from 'express';
import { endpoint } from '#server/http/endpoint.ts';
import type { Capacity } from '#server/lib/capacity.ts';
import { contentDisposition } from '#server/lib/content-disposition.ts';
import type { Logger } from '#server/lib/logger.ts';
import { pinterestRequestSchema, videoUrlSchema } from '#views/tools/video-downloader/schema.ts';
import { rateLimit } from '#server/http/rate-limit.ts';
import { parseOr400 } from '#server/http/validation.ts';
import { checkVideoLink, type VideoDownloader, type VideoPlatform } from './service.ts';

export const MEDIA_FILE_PATH = '/api/media/file';

export interface VideoDownloaderRouterDeps {
  downloader: VideoDownloader;
  capacity: Capacity;
  log: Logger;
}

export function videoDownloaderRouter({ downloader, capacity, log }: VideoDownloaderRouterDeps): Router {
  const router = Router();
  const findLimit = rateLimit({ name: 'video-downloader-find', windowMs: 60_000, limit: 30 });
  const fileLimit = rateLimit({ name: 'video-downloader-file', windowMs: 60_000, limit: 30 });

  const find = { limit: findLimit, capacity };
  const parseLink = <T extends { videoUrl: string }>(platform: VideoPlatform, body: T): T => {
    checkVideoLink(platform, body.videoUrl);
    return body;
  };

  router.post(
    '/pinterest/download',
    ...endpoint(
      { parse: (req) => parseLink('pinterest', parseOr400(pinterestRequestSchema, req.body)), ...find },
      async (body, _req, res) => {
        res.json(await downloader.pinterest(body.videoUrl, body.resolution));
      },
    ),
  );

  router.post(
    '/instagram/download',
    ...endpoint(
      { parse: (req) => parseLink('instagram', parseOr400(videoUrlSchema, req.body)), ...find },
      async (body, _req, res) => {
        res.json(await downloader.instagram(body.videoUrl));
      },
    ),
  );

  router.post(
    '/youtube/download',
    ...endpoint(
      { parse: (req) => parseLink('youtube', parseOr400(videoUrlSchema, req.body)), ...find },
      async (body, _req, res) => {
        res.json(await downloader.youtube(body.videoUrl));
      },
    ),
  );

  // A forged or expired link is refused before the quota; the relay's own stream and byte caps apply.
  const parseToken = (req: Request) => downloader.relay.check(String(req.params.token));
  router.get(
    `${MEDIA_FILE_PATH.replace(/^\/api/, '')}/:token`,
    ...endpoint({ parse: parseToken, limit: fileLimit }, async (ticket, req, res) => {
      // Stop pulling from the CDN as soon as the browser goes away.
      const abort = new AbortController();
      res.once('close', () => abort.abort());
      const file = await downloader.relay.open(ticket, abort.signal);
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Disposition', contentDisposition(file.filename));
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (file.contentLength) res.setHeader('Content-Length', String(file.contentLength));
      if (req.method === 'HEAD') {
        // Express routes HEAD to GET handlers; do not pull a whole video just to send headers.
        file.body.destroy();
        res.end();
        return;
      }
      try {
        await pipeline(file.body, res);
      } catch (error) {
        // Headers are gone; a cut-off transfer is all the browser can be told. Log only real failures.
        if (!abort.signal.aborted) log.warn({ err: error }, 'media relay stopped');
      }
    }),
  );
  return router;
}
