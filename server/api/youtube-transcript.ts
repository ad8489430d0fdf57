import { Router, type Request } from 'express';
import { endpoint } from '#server/endpoint.ts';
import { createCapacity } from '#server/services/capacity.ts';
import { transcriptDownloadSchema, transcriptRequestSchema } from '#views/tools/youtube-transcript/schema.ts';
import type { AppDeps } from '../deps.ts';
import { rateLimit } from '../rate-limit.ts';
import { contentDisposition } from '../services/video-downloader/relay.ts';
import { renderTranscriptFile } from '../services/youtube/transcript-file.ts';
import { requireVideoId } from '../services/youtube/video-id.ts';
import { parseOr400 } from '../validation.ts';
import { platformClients, YOUTUBE_RATE_LIMIT } from './platform-clients.ts';

export function youtubeTranscriptRouter(deps: AppDeps): Router {
  const { youtube } = platformClients(deps);
  const router = Router();
  const limit = rateLimit(YOUTUBE_RATE_LIMIT);

  const capacity = createCapacity(deps.config.limits.toolMaxRunning);
  const parseGet = (req: Request) => {
    const body = parseOr400(transcriptRequestSchema, req.body);
    return { videoId: requireVideoId(body.videoUrl), lang: body.lang || undefined };
  };
  const parseDownload = (req: Request) => {
    const query = parseOr400(transcriptDownloadSchema, req.query);
    return { videoId: requireVideoId(query.videoUrl), lang: query.lang || undefined, format: query.format };
  };

  router.post('/youtube-transcript/get', ...endpoint({ parse: parseGet, limit, capacity }, async ({ videoId, lang }, _req, res) => {
    res.json(await youtube.transcript(videoId, lang));
  }));

  router.get('/youtube-transcript/download', ...endpoint({ parse: parseDownload, limit, capacity }, async (query, _req, res) => {
    const transcript = await youtube.transcript(query.videoId, query.lang);
    const file = await renderTranscriptFile(transcript, query.format, deps.config.youtube.pdfFontPath);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', contentDisposition(file.filename));
    res.setHeader('Cache-Control', 'private, max-age=600');
    res.send(file.body);
  }));
  return router;
}
