import { Router, type Request } from 'express';
import { endpoint } from '#server/endpoint.ts';
import { createCapacity } from '#server/services/capacity.ts';
import { listViralPrompts, seedViralPrompts } from '#db/viral-prompts.ts';
import { generateBodySchema, listQuerySchema } from '#views/tools/viral-prompts/schema.ts';
import type { AppDeps } from '../deps.ts';
import { createChatClient } from '../services/llm/chat-completions.ts';
import { createPromptGenerator } from '../services/viral-prompts/generate.ts';
import { parseOr400 } from '../validation.ts';

/**
 * `GET /api/viralprompt/generate?category=` lists curated prompts; `POST` with `{input, category?}`
 * expands an idea. Building the router seeds the curated prompts, so every boot tops them up.
 */
export function viralPromptsRouter({ config, db, log }: AppDeps): Router {
  seedViralPrompts(db);
  const llm = config.llm ? createChatClient(config.llm) : null;
  const generate = createPromptGenerator({
    llm,
    onFallback: (error) => log.warn({ err: error }, 'LLM prompt generation failed; used the prompt builder'),
  });
  const router = Router();
  router.get('/viralprompt/generate', (req, res) => {
    const { category } = parseOr400(listQuerySchema, req.query);
    res.json({ prompts: listViralPrompts(db, category) });
  });
  const parse = (req: Request) => parseOr400(generateBodySchema, req.body);
  const capacity = createCapacity(config.limits.toolMaxRunning);
  router.post('/viralprompt/generate', ...endpoint({ parse, limit: { windowMs: 60_000, limit: 30 }, capacity }, async ({ input, category }, _req, res) => {
    const { prompt } = await generate(input, category);
    res.json({ prompt });
  }));
  return router;
}
