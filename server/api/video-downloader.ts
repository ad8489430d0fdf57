import { pipeline } from 'node:stream/promises';
import { Router, type Request } from 'express';
import { endpoint } from '#server/endpoint.ts';
import { createCapacity } from '#server/services/capacity.ts';
import { pinterestRequestSchema, videoUrlSchema } from '#views/tools/video-downloader/schema.ts';
import type { AppDeps } from '../deps.ts';
import { rateLimit } from '../rate-limit.ts';
import { contentDisposition } from '../services/video-downloader/relay.ts';
import { parseOr400 } from '../validation.ts';
import { checkVideoLink, createVideoDownloader, type VideoPlatform } from '../services/video-downloader/index.ts';
import { loadSigningKey } from '../services/video-downloader/signing-key.ts';
import { platformClients } from './platform-clients.ts';

export const MEDIA_FILE_PATH = '/api/media/file';

export function videoDownloaderRouter(deps: AppDeps): Router {
  const { fetcher, youtube } = platformClients(deps);
  const settings = deps.config.videoDownloader;
  const downloader = createVideoDownloader({
    fetcher,
    youtube,
    origins: settings.origins,
    relay: {
      basePath: MEDIA_FILE_PATH,
      maxBytes: settings.maxBytes,
      secret: () => loadSigningKey({ configured: settings.signingKey, dataDir: deps.config.dataDir }),
      streams: createCapacity(settings.maxStreams),
      bytesInFlight: createCapacity(settings.maxBytesInFlight),
    },
  });
  const router = Router();
  const findLimit = rateLimit({ windowMs: 60_000, limit: 30 });
  const fileLimit = rateLimit({ windowMs: 60_000, limit: 30 });

  const capacity = createCapacity(deps.config.limits.toolMaxRunning);
  const find = { limit: findLimit, capacity };
  const parseLink = <T extends { videoUrl: string }>(platform: VideoPlatform, body: T): T => {
    checkVideoLink(platform, body.videoUrl);
    return body;
  };

  router.post('/pinterest/download', ...endpoint({ parse: (req) => parseLink('pinterest', parseOr400(pinterestRequestSchema, req.body)), ...find }, async (body, _req, res) => {
    res.json(await downloader.pinterest(body.videoUrl, body.resolution));
  }));

  router.post('/instagram/download', ...endpoint({ parse: (req) => parseLink('instagram', parseOr400(videoUrlSchema, req.body)), ...find }, async (body, _req, res) => {
    res.json(await downloader.instagram(body.videoUrl));
  }));

  router.post('/youtube/download', ...endpoint({ parse: (req) => parseLink('youtube', parseOr400(videoUrlSchema, req.body)), ...find }, async (body, _req, res) => {
    res.json(await downloader.youtube(body.videoUrl));
  }));

  // A forged or expired link is refused before the quota; the relay's own stream and byte caps apply.
  const parseToken = (req: Request) => downloader.relay.check(String(req.params.token));
  router.get(`${MEDIA_FILE_PATH.replace(/^\/api/, '')}/:token`, ...endpoint({ parse: parseToken, limit: fileLimit }, async (ticket, req, res) => {
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
      if (!abort.signal.aborted) deps.log.warn({ err: error }, 'media relay stopped');
    }
  }));
  return router;
}
