import { Router } from 'express';
import { availableTools, toolNames } from '#views/model/tools-hub.ts';
import type { AppDeps } from '../deps.ts';
import { pages } from '../routes.ts';

/** `GET /api/try-free-tools/list` -> `{tools: [names]}`, the same list the hub page renders. */
export function toolsHubRouter(_deps: AppDeps): Router {
  const router = Router();
  const tools = toolNames(availableTools(new Set(pages.map((page) => page.path))));
  router.get('/try-free-tools/list', (_req, res) => {
    res.json({ tools });
  });
  return router;
}
