import { Router, type Request } from 'express';
import { endpoint } from '#server/http/endpoint.ts';
import type { Db } from '#db/index.ts';
import { listViralPrompts } from '#db/viral-prompts.ts';
import type { Capacity } from '#server/lib/capacity.ts';
import { generateBodySchema, listQuerySchema } from '#views/tools/viral-prompts/schema.ts';
import type { PromptGenerator } from './generate.ts';
import { parseOr400 } from '#server/http/validation.ts';

const GENERATE_RATE_LIMIT = { name: 'viral-prompts', windowMs: 60_000, limit: 30 };

/**
 * `GET /api/viralprompt/generate?category=` lists curated prompts; `POST` with `{input, category?}`
 * expands an idea.
 */
export function viralPromptsRouter({
  db,
  generate,
  capacity,
}: {
  db: Db;
  generate: PromptGenerator;
  capacity: Capacity;
}): Router {
  const router = Router();
  router.get('/viralprompt/generate', async (req, res) => {
    const { category } = parseOr400(listQuerySchema, req.query);
    res.json({ prompts: await listViralPrompts(db, category) });
  });
  const parse = (req: Request) => parseOr400(generateBodySchema, req.body);
  router.post(
    '/viralprompt/generate',
    ...endpoint({ parse, limit: GENERATE_RATE_LIMIT, capacity }, async ({ input, category }, _req, res) => {
      const { prompt } = await generate(input, category);
      res.json({ prompt });
    }),
  );
  return router;
}
