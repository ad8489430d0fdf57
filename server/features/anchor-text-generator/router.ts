import { Router, type Request } from 'express';
import { endpoint } from '#server/http/endpoint.ts';
import { generateAnchors } from '#views/tools/anchor-text-generator/logic.ts';
import { ANCHOR_TEXT_PLANS } from '#views/model/plans.ts';
import type { GenerateResponse } from '#views/tools/anchor-text-generator/rules.ts';
import { generateRequestSchema } from '#views/tools/anchor-text-generator/schema.ts';
import { parseOr400 } from '#server/http/validation.ts';

export function anchorTextGeneratorRouter(): Router {
  const router = Router();
  router.get('/bulk-anchor-text-generators/plans', (_req, res) => {
    res.json(ANCHOR_TEXT_PLANS);
  });
  const parse = (req: Request) => parseOr400(generateRequestSchema, req.body);
  router.post(
    '/bulk-anchor-text-generators/generate',
    ...endpoint({ parse, limit: { name: 'anchor-text-generator', windowMs: 60_000, limit: 60 } }, (body, _req, res) => {
      const anchors = generateAnchors(body);
      const response: GenerateResponse = { result: anchors.map((anchor) => anchor.text), anchors };
      res.json(response);
    }),
  );
  return router;
}
