import { Router } from 'express';
import { tagsRequestSchema } from '#views/tools/youtube-tags/schema.ts';
import { transcriptDownloadSchema, transcriptRequestSchema } from '#views/tools/youtube-transcript/schema.ts';
import type { AppDeps } from '../deps.ts';
import { rateLimit } from '../rate-limit.ts';
import { contentDisposition } from '../services/downloaders/relay.ts';
import { renderTranscriptFile } from '../services/youtube/transcript-file.ts';
import { requireVideoId } from '../services/youtube/video-id.ts';
import { parseOr400 } from '../validation.ts';
import { mediaServices } from './media-services.ts';

export function youtubeRouter(deps: AppDeps): Router {
  const { youtube } = mediaServices(deps);
  const router = Router();
  // Each call may reach YouTube; cached answers are cheap but a flood would get this server blocked.
  const limit = rateLimit({ windowMs: 60_000, limit: 60 });

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

  router.post('/youtube-tag-generator', limit, async (req, res) => {
    const body = parseOr400(tagsRequestSchema, req.body);
    const result = await youtube.tags(requireVideoId(body.videoUrl));
    res.json({ tags: result.tags, videoTags: result.videoTags, suggestions: result.suggestions, title: result.title });
  });

  router.post('/youtube-tags-extractor', limit, async (req, res) => {
    const body = parseOr400(tagsRequestSchema, req.body);
    const result = await youtube.tags(requireVideoId(body.videoUrl));
    res.json({ tags: result.videoTags, title: result.title, channel: result.channel });
  });
  return router;
}
