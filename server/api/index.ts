import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { contactRouter } from './contact.ts';
import { writeForUsRouter } from './write-for-us.ts';
import { bulkAnchorTextRouter } from './bulk-anchor-text-generators.ts';
import { bulkUrlRedirectionRouter } from './bulk-url-redirection.ts';
import { directoriesRouter } from './directories.ts';
import { downloadersRouter } from './downloaders.ts';
import { googleIndexCheckerRouter } from './google-index-checker.ts';
import { imageCompressorRouter } from './image-compressor.ts';
import { mobileFriendlyTesterRouter } from './mobile-friendly-tester.ts';
import { seoAuditRouter } from './seo-audit.ts';
import { siteAuditRouter } from './site-audit.ts';
import { sitemapsRouter } from './sitemaps.ts';
import { tryFreeToolsRouter } from './try-free-tools.ts';
import { viralPromptsRouter } from './viral-prompts.ts';
import { youtubeRouter } from './youtube.ts';

/**
 * Every feature's API router, mounted under /api. A router owns full paths below /api
 * (e.g. `router.post('/contact', ...)`) and only parses → calls a service → responds.
 */
const featureRouters: Array<(deps: AppDeps) => Router> = [
  contactRouter,
  writeForUsRouter,
  sitemapsRouter,
  siteAuditRouter,
  directoriesRouter,
  seoAuditRouter,
  bulkUrlRedirectionRouter,
  googleIndexCheckerRouter,
  mobileFriendlyTesterRouter,
  imageCompressorRouter,
  youtubeRouter,
  downloadersRouter,
  tryFreeToolsRouter,
  bulkAnchorTextRouter,
  viralPromptsRouter,
];

export function apiRouter(deps: AppDeps): Router {
  const router = Router();
  for (const build of featureRouters) router.use(build(deps));
  return router;
}
