import { Router } from 'express';
import { toolNames } from '#views/tools/try-free-tools/tools.ts';
import type { AppDeps } from '../deps.ts';

/** `GET /api/try-free-tools/list` -> `{tools: [names]}`, from the list the hub page renders. */
export function tryFreeToolsRouter(_deps: AppDeps): Router {
  const router = Router();
  router.get('/try-free-tools/list', (_req, res) => {
    res.json({ tools: toolNames() });
  });
  return router;
}
