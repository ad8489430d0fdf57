import { Router } from 'express';
import type { AppDeps } from '../deps.ts';

/**
 * Every feature's API router, mounted under /api. A router owns full paths below /api
 * (e.g. `router.post('/contact', ...)`) and only parses → calls a service → responds.
 */
const featureRouters: Array<(deps: AppDeps) => Router> = [];

export function apiRouter(deps: AppDeps): Router {
  const router = Router();
  for (const build of featureRouters) router.use(build(deps));
  return router;
}
