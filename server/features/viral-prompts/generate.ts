import { buildPrompt } from './prompt-builder.ts';
import type { Category } from '#views/model/viral-prompts.ts';
import type { ChatClient } from '#server/lib/llm/chat-completions.ts';

export const MAX_PROMPT_LENGTH = 4000;

export interface GeneratedPrompt {
  prompt: string;
  source: 'llm' | 'builder';
}

export interface PromptGeneratorOptions {
  llm: ChatClient | null;
  /** Told why the model was skipped, so the operator can see a misconfigured endpoint in the logs. */
  onFallback?: (error: Error) => void;
}

const CATEGORY_TARGET: Record<Category, string> = {
  image: 'an image generation model (such as Midjourney, DALL-E or Stable Diffusion)',
  video: 'a video generation model or a short-form video creator',
  text: 'a large language model writing text',
  audio: 'a music, sound or voice generation model',
};

function messagesFor(input: string, category: Category, draft: string) {
  return [
    {
      role: 'system' as const,
      content:
        `You are an expert prompt engineer. Expand the user's idea into one rich, specific, ready-to-use prompt for ${CATEGORY_TARGET[category]}. ` +
        'Reply with the prompt only: no preamble, no quotes, no explanations. Keep it under 250 words.',
    },
    { role: 'user' as const, content: `Idea: ${input}\n\nA draft you may improve on:\n${draft}` },
  ];
}

/**
 * Asks the configured model when there is one and falls back to the deterministic builder on any
 * failure, so the button always produces a prompt.
 */
export type PromptGenerator = (input: string, category: Category) => Promise<GeneratedPrompt>;

export function createPromptGenerator(options: PromptGeneratorOptions): PromptGenerator {
  return async function generate(input: string, category: Category): Promise<GeneratedPrompt> {
    const draft = buildPrompt(input, category);
    if (!options.llm) return { prompt: draft, source: 'builder' };
    try {
      const answer = await options.llm.complete(messagesFor(input, category, draft));
      const prompt = answer
        .replace(/^["'`]+|["'`]+$/g, '')
        .trim()
        .slice(0, MAX_PROMPT_LENGTH);
      if (!prompt) throw new Error('LLM answered an empty prompt');
      return { prompt, source: 'llm' };
    } catch (error) {
      options.onFallback?.(error as Error);
      return { prompt: draft, source: 'builder' };
    }
  };
}
