import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { pinterestRequestSchema, videoUrlSchema } from '#views/tools/video-downloader/schema.ts';
import type { AppDeps } from '../deps.ts';
import { rateLimit } from '../rate-limit.ts';
import { contentDisposition } from '../services/video-downloader/relay.ts';
import { parseOr400 } from '../validation.ts';
import { createVideoDownloader } from '../services/video-downloader/index.ts';
import { platformClients } from './platform-clients.ts';

export const MEDIA_FILE_PATH = '/api/media/file';

export function videoDownloaderRouter(deps: AppDeps): Router {
  const { fetcher, youtube } = platformClients(deps);
  const downloader = createVideoDownloader({
    fetcher,
    youtube,
    origins: deps.config.videoDownloader.origins,
    relay: { basePath: MEDIA_FILE_PATH, maxBytes: deps.config.videoDownloader.maxBytes },
  });
  const router = Router();
  const findLimit = rateLimit({ windowMs: 60_000, limit: 30 });
  const fileLimit = rateLimit({ windowMs: 60_000, limit: 30 });

  router.post('/pinterest/download', findLimit, async (req, res) => {
    const body = parseOr400(pinterestRequestSchema, req.body);
    res.json(await downloader.pinterest(body.videoUrl, body.resolution));
  });

  router.post('/instagram/download', findLimit, async (req, res) => {
    const body = parseOr400(videoUrlSchema, req.body);
    res.json(await downloader.instagram(body.videoUrl));
  });

  router.post('/youtube/download', findLimit, async (req, res) => {
    const body = parseOr400(videoUrlSchema, req.body);
    res.json(await downloader.youtube(body.videoUrl));
  });

  router.get(`${MEDIA_FILE_PATH.replace(/^\/api/, '')}/:token`, fileLimit, async (req, res) => {
    // Stop pulling from the CDN as soon as the browser goes away.
    const abort = new AbortController();
    res.once('close', () => abort.abort());
    const file = await downloader.relay.open(String(req.params.token), abort.signal);
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
      if (!abort.signal.aborted) deps.log.warn({ err: error }, 'media relay stopped');
    }
  });
  return router;
}
