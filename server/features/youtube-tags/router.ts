import { Router, type Request } from 'express';
import { endpoint } from '#server/http/endpoint.ts';
import type { Capacity } from '#server/lib/capacity.ts';
import { youtubeTagsLength } from '#views/tools/youtube-tags/logic.ts';
import { tagsRequestSchema } from '#views/tools/youtube-tags/schema.ts';
import { rateLimit } from '#server/http/rate-limit.ts';
import { requireVideoId } from '#server/lib/youtube/video-id.ts';
import { parseOr400 } from '#server/http/validation.ts';
import { YOUTUBE_RATE_LIMIT } from '#server/lib/platform-clients.ts';
import type { YouTubeClient } from '#server/lib/youtube/client.ts';

/** The tag generator and the tags extractor: both read the video's real tags. */
export function youtubeTagsRouter({ youtube, capacity }: { youtube: YouTubeClient; capacity: Capacity }): Router {
  const router = Router();
  const limit = rateLimit({ name: 'youtube-tags', ...YOUTUBE_RATE_LIMIT });

  const parse = (req: Request) => requireVideoId(parseOr400(tagsRequestSchema, req.body).videoUrl);

  router.post(
    '/youtube-tag-generator',
    ...endpoint({ parse, limit, capacity }, async (videoId, _req, res) => {
      const result = await youtube.tags(videoId);
      // characterCount: the tags' length as YouTube counts it against its 500-character limit.
      res.json({
        tags: result.tags,
        videoTags: result.videoTags,
        suggestions: result.suggestions,
        title: result.title,
        characterCount: youtubeTagsLength(result.tags),
      });
    }),
  );

  router.post(
    '/youtube-tags-extractor',
    ...endpoint({ parse, limit, capacity }, async (videoId, _req, res) => {
      const result = await youtube.tags(videoId);
      res.json({ tags: result.videoTags, title: result.title, channel: result.channel });
    }),
  );
  return router;
}
