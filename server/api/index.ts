import express, { Router } from 'express';
import { methodBoundary, requireJsonBody, routeMethods } from '#server/api-boundary.ts';
import { rateLimit } from '#server/rate-limit.ts';
import type { AppDeps } from '../deps.ts';
import { contactRouter } from './contact.ts';
import { writeForUsRouter } from './write-for-us.ts';
import { anchorTextGeneratorRouter } from './anchor-text-generator.ts';
import { redirectCheckerRouter } from './redirect-checker.ts';
import { directoriesRouter } from './directories.ts';
import { videoDownloaderRouter } from './video-downloader.ts';
import { indexCheckerRouter } from './index-checker.ts';
import { imageCompressorRouter } from './image-compressor.ts';
import { mobileTestRouter } from './mobile-test.ts';
import { seoAuditRouter } from './seo-audit.ts';
import { siteAuditRouter } from './site-audit.ts';
import { sitemapGeneratorRouter } from './sitemap-generator.ts';
import { toolsHubRouter } from './tools-hub.ts';
import { viralPromptsRouter } from './viral-prompts.ts';
import { youtubeTagsRouter } from './youtube-tags.ts';
import { youtubeTranscriptRouter } from './youtube-transcript.ts';

/**
 * Every feature's API router, mounted under /api. A router owns full paths below /api
 * (e.g. `router.post('/contact', ...)`) and only parses → calls a service → responds.
 */
const featureRouters: Array<(deps: AppDeps) => Router> = [
  contactRouter,
  writeForUsRouter,
  sitemapGeneratorRouter,
  siteAuditRouter,
  directoriesRouter,
  seoAuditRouter,
  redirectCheckerRouter,
  indexCheckerRouter,
  mobileTestRouter,
  imageCompressorRouter,
  youtubeTranscriptRouter,
  youtubeTagsRouter,
  videoDownloaderRouter,
  toolsHubRouter,
  anchorTextGeneratorRouter,
  viralPromptsRouter,
];

/** JSON bodies above this answer 413. */
export const API_BODY_LIMIT = '1mb';

/**
 * Everything under /api: a per-IP flood limit over all endpoints (each tool adds its own quota),
 * bodies as JSON only, the feature routers, and JSON answers for OPTIONS, 405 and 404.
 */
export function apiRouter(deps: AppDeps): Router {
  const features = Router();
  for (const build of featureRouters) features.use(build(deps));
  const methods = methodBoundary(routeMethods(features));
  const router = Router();
  router.use(rateLimit({ windowMs: 60_000, limit: deps.config.limits.apiPerMinute }));
  router.use(methods.options);
  router.use(requireJsonBody, express.json({ limit: API_BODY_LIMIT }));
  router.use(features);
  router.use(methods.fallback);
  return router;
}
