import { Router } from 'express';
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

export function apiRouter(deps: AppDeps): Router {
  const router = Router();
  for (const build of featureRouters) router.use(build(deps));
  return router;
}
