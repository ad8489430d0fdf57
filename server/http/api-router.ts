import express, { Router, type Request } from 'express';
import { methodBoundary, requireJsonBody, routeMethods } from './api-boundary.ts';
import { declaredBodyLimit } from './body-limit.ts';
import { rateLimit } from './rate-limit.ts';

/** JSON bodies above this answer 413 (at once when Content-Length says so). */
export const API_BODY_LIMIT = 1024 * 1024;

// Multipart uploads are read only by the route that takes them, which checks them against its own limit.
const notMultipart = (req: Request) => !/^multipart\//i.test(req.headers['content-type'] ?? '');

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
  router.use(rateLimit({ name: 'api', windowMs: 60_000, limit: perMinute }));
  router.use(methods.options);
  router.use(declaredBodyLimit(API_BODY_LIMIT, 'Request body is too large', notMultipart));
  router.use(requireJsonBody, express.json({ limit: API_BODY_LIMIT }));
  router.use(features);
  router.use(methods.fallback);
  return router;
}
