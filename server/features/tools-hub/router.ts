import { Router } from 'express';
import { availableTools, toolNames } from '#views/model/tools-hub.ts';

/** `GET /api/try-free-tools/list` -> `{tools: [names]}`, the same list the hub page renders. */
export function toolsHubRouter(pagePaths: ReadonlySet<string>): Router {
  const router = Router();
  const tools = toolNames(availableTools(pagePaths));
  router.get('/try-free-tools/list', (_req, res) => {
    res.json({ tools });
  });
  return router;
}
