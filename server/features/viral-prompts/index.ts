import { seedViralPrompts } from '#db/viral-prompts.ts';
import type { AppDeps, Feature } from '#server/deps.ts';
import { createCapacity } from '#server/lib/capacity.ts';
import { createChatClient } from '#server/lib/llm/chat-completions.ts';
import { createPromptGenerator } from './generate.ts';
import { viralPromptsRouter } from './router.ts';

/** Viral prompts: curated prompts from the database, and ideas expanded by the builder or an LLM when configured. */
export function viralPromptsFeature({ config, db, log }: AppDeps): Feature {
  const generate = createPromptGenerator({
    llm: config.llm ? createChatClient(config.llm) : null,
    onFallback: (error) => log.warn({ err: error }, 'LLM prompt generation failed; used the prompt builder'),
  });
  return {
    api: viralPromptsRouter({ db, generate, capacity: createCapacity(config.limits.toolMaxRunning) }),
    // Every boot tops up the curated prompts (new ones in the seed list appear after a restart).
    prepare: async () => {
      await seedViralPrompts(db);
    },
  };
}
