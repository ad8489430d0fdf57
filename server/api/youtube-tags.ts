import { Router } from 'express';
import { youtubeTagsLength } from '#views/tools/youtube-tags/logic.ts';
import { tagsRequestSchema } from '#views/tools/youtube-tags/schema.ts';
import type { AppDeps } from '../deps.ts';
import { rateLimit } from '../rate-limit.ts';
import { requireVideoId } from '../services/youtube/video-id.ts';
import { parseOr400 } from '../validation.ts';
import { platformClients, YOUTUBE_RATE_LIMIT } from './platform-clients.ts';

/** The tag generator and the tags extractor: both read the video's real tags. */
export function youtubeTagsRouter(deps: AppDeps): Router {
  const { youtube } = platformClients(deps);
  const router = Router();
  const limit = rateLimit(YOUTUBE_RATE_LIMIT);

  router.post('/youtube-tag-generator', limit, async (req, res) => {
    const body = parseOr400(tagsRequestSchema, req.body);
    const result = await youtube.tags(requireVideoId(body.videoUrl));
    // characterCount: the tags' length as YouTube counts it against its 500-character limit.
    res.json({ tags: result.tags, videoTags: result.videoTags, suggestions: result.suggestions, title: result.title, characterCount: youtubeTagsLength(result.tags) });
  });

  router.post('/youtube-tags-extractor', limit, async (req, res) => {
    const body = parseOr400(tagsRequestSchema, req.body);
    const result = await youtube.tags(requireVideoId(body.videoUrl));
    res.json({ tags: result.videoTags, title: result.title, channel: result.channel });
  });
  return router;
}
