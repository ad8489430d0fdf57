import type { Request, RequestHandler, Router } from 'express';
import { HttpError } from './http-error.ts';

/*
 * What every /api request meets around the feature routers, so that each answer under /api is
 * JSON: OPTIONS, 405, 404 and 415 included. CORS stance: same origin only. The islands call the
 * API from the site's own pages, so no Access-Control-* header is ever sent and a cross-origin
 * preflight (OPTIONS from another site) gets no permission.
 */

/** The parts of router 2.x's Layer this reads: route layers and mounted routers. */
interface Layer {
  route?: { methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  slash?: boolean;
  match(path: string): unknown;
}

/**
 * The methods each /api path answers, read once from the routers Express built (the table the
 * router itself uses for its automatic OPTIONS answer). HEAD goes with GET; OPTIONS always.
 */
export function routeMethods(router: Router): (path: string) => string[] {
  const routes: Array<{ layer: Layer; methods: string[] }> = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route)
        routes.push({ layer, methods: Object.keys(layer.route.methods).map((method) => method.toUpperCase()) });
      // Feature routers are mounted without a path (`router.use(featureRouter)`).
      else if (layer.slash && layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  if (routes.length === 0) throw new Error('No API routes found: the router internals this reads have changed');
  return (path) => {
    const methods = new Set<string>();
    for (const { layer, methods: answered } of routes)
      if (layer.match(path)) for (const method of answered) methods.add(method);
    if (methods.size === 0) return [];
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return [...methods].sort();
  };
}

const apiPath = (req: Request) => req.originalUrl.split('?')[0];

/**
 * OPTIONS answers 200 JSON listing the methods (also in `Allow`), before a feature router's own
 * text/plain answer; a path with routes for other methods answers 405, an unknown path 404.
 */
export function methodBoundary(methodsAt: (path: string) => string[]): {
  options: RequestHandler;
  fallback: RequestHandler;
} {
  return {
    options: (req, res, next) => {
      if (req.method !== 'OPTIONS') return next();
      const methods = methodsAt(req.path);
      if (methods.length === 0) return next();
      res.setHeader('Allow', methods.join(', '));
      res.json({ allow: methods });
    },
    fallback: (req, res) => {
      const methods = methodsAt(req.path);
      if (methods.length > 0) {
        res.setHeader('Allow', methods.join(', '));
        res.status(405).json({
          error: `${req.method} is not allowed at ${apiPath(req)}; use ${methods.filter((m) => m !== 'OPTIONS' && m !== 'HEAD').join(' or ')}`,
        });
        return;
      }
      res.status(404).json({ error: `No API endpoint at ${req.method} ${apiPath(req)}` });
    },
  };
}

/** Where a one-click unsubscribe link points (the monitors' mails). */
const ONE_CLICK_PATH = /^\/monitors\/[^/]+\/unsubscribe$/;

const BODY_TYPES = /^(application\/json|application\/[\w.+-]+\+json|multipart\/form-data)\s*(;|$)/i;

/**
 * A request with a body must send JSON (or a multipart upload, for the image compressor):
 * anything else would reach the handlers as an empty body and be mistaken for missing fields.
 */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (!hasBody || BODY_TYPES.test(req.headers['content-type'] ?? '')) return next();
  // RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` form-encoded (the body is not read).
  if (
    ONE_CLICK_PATH.test(req.path) &&
    /^application\/x-www-form-urlencoded\s*(;|$)/i.test(req.headers['content-type'] ?? '')
  )
    return next();
  next(new HttpError(415, 'Send the request body as JSON with Content-Type: application/json.'));
};
