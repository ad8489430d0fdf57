import { optionalText, origin } from './fields.ts';
import { defineSection } from './section.ts';

/** Optional OpenAI-compatible endpoint that enriches viral prompt generation; all three or none. */
export const llm = defineSection({
  env: {
    LLM_BASE_URL: origin(undefined, 'http://127.0.0.1:11434/v1'),
    LLM_API_KEY: optionalText(),
    LLM_MODEL: optionalText(),
  },
  read: (env, report) => {
    const given = { LLM_BASE_URL: env.LLM_BASE_URL, LLM_API_KEY: env.LLM_API_KEY, LLM_MODEL: env.LLM_MODEL };
    const missing = Object.entries(given)
      .filter(([, value]) => value === undefined)
      .map(([name]) => name);
    if (missing.length === 3) return null;
    for (const name of missing) report(name, 'must be set too: LLM_BASE_URL, LLM_API_KEY and LLM_MODEL go together');
    if (!env.LLM_BASE_URL || !env.LLM_API_KEY || !env.LLM_MODEL) return null;
    return { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL };
  },
});
