import express, { Router } from 'express';
import { methodBoundary, requireJsonBody, routeMethods } from './api-boundary.ts';
import { rateLimit } from './rate-limit.ts';

/** JSON bodies above this answer 413. */
export const API_BODY_LIMIT = '1mb';

/**
 * Everything under /api: a per-IP flood limit over all endpoints (each tool adds its own quota),
 * bodies as JSON only, the features' routers (each owns full paths below /api and only parses →
 * calls a service → responds), and JSON answers for OPTIONS, 405 and 404.
 */
export function apiRouter(featureRouters: readonly Router[], { perMinute }: { perMinute: number }): Router {
  const features = Router();
  for (const router of featureRouters) features.use(router);
  const methods = methodBoundary(routeMethods(features));
  const router = Router();
  router.use(rateLimit({ windowMs: 60_000, limit: perMinute }));
  router.use(methods.options);
  router.use(requireJsonBody, express.json({ limit: API_BODY_LIMIT }));
  router.use(features);
  router.use(methods.fallback);
  return router;
}
