import { Router, type Request } from 'express';
import { endpoint } from '#server/http/endpoint.ts';
import type { Capacity } from '#server/lib/capacity.ts';
import { transcriptDownloadSchema, transcriptRequestSchema } from '#views/tools/youtube-transcript/schema.ts';
import { rateLimit } from '#server/http/rate-limit.ts';
import { contentDisposition } from '#server/lib/content-disposition.ts';
import { renderTranscriptFile } from './transcript-file.ts';
import { requireVideoId } from '#server/lib/youtube/video-id.ts';
import { parseOr400 } from '#server/http/validation.ts';
import { YOUTUBE_RATE_LIMIT } from '#server/lib/platform-clients.ts';
import type { YouTubeClient } from '#server/lib/youtube/client.ts';

export interface YouTubeTranscriptRouterDeps {
  youtube: YouTubeClient;
  capacity: Capacity;
  /** PDF_FONT_PATH, else DejaVu Sans when installed. */
  pdfFontPath: string | undefined;
}

export function youtubeTranscriptRouter({ youtube, capacity, pdfFontPath }: YouTubeTranscriptRouterDeps): Router {
  const router = Router();
  const limit = rateLimit({ name: 'youtube-transcript', ...YOUTUBE_RATE_LIMIT });

  const parseGet = (req: Request) => {
    const body = parseOr400(transcriptRequestSchema, req.body);
    return { videoId: requireVideoId(body.videoUrl), lang: body.lang || undefined };
  };
  const parseDownload = (req: Request) => {
    const query = parseOr400(transcriptDownloadSchema, req.query);
    return { videoId: requireVideoId(query.videoUrl), lang: query.lang || undefined, format: query.format };
  };

  router.post(
    '/youtube-transcript/get',
    ...endpoint({ parse: parseGet, limit, capacity }, async ({ videoId, lang }, _req, res) => {
      res.json(await youtube.transcript(videoId, lang));
    }),
  );

  router.get(
    '/youtube-transcript/download',
    ...endpoint({ parse: parseDownload, limit, capacity }, async (query, _req, res) => {
      const transcript = await youtube.transcript(query.videoId, query.lang);
      const file = await renderTranscriptFile(transcript, query.format, pdfFontPath);
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Disposition', contentDisposition(file.filename));
      res.setHeader('Cache-Control', 'private, max-age=600');
      res.send(file.body);
    }),
  );
  return router;
}
