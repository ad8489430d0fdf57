import { Router } from 'express';
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

  router.post('/youtube-transcript/get', limit, async (req, res) => {
    const body = parseOr400(transcriptRequestSchema, req.body);
    res.json(await youtube.transcript(requireVideoId(body.videoUrl), body.lang || undefined));
  });

  router.get('/youtube-transcript/download', limit, async (req, res) => {
    const query = parseOr400(transcriptDownloadSchema, req.query);
    const transcript = await youtube.transcript(requireVideoId(query.videoUrl), query.lang || undefined);
    const file = await renderTranscriptFile(transcript, query.format, deps.config.youtube.pdfFontPath);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', contentDisposition(file.filename));
    res.setHeader('Cache-Control', 'private, max-age=600');
    res.send(file.body);
  });
  return router;
}
