import { expect, test } from 'vitest';
import { buildPrompt } from './prompt-builder.ts';
import { LlmError, type ChatClient, type ChatMessage } from '#server/lib/llm/chat-completions.ts';
import { createPromptGenerator, MAX_PROMPT_LENGTH } from './generate.ts';

function fakeLlm(answer: (messages: ChatMessage[]) => Promise<string>) {
  const calls: ChatMessage[][] = [];
  const client: ChatClient = {
    complete: (messages) => {
      calls.push(messages);
      return answer(messages);
    },
  };
  return { client, calls };
}

test('without a model the deterministic builder answers', async () => {
  const generate = createPromptGenerator({ llm: null });
  expect(await generate('a cat surfing', 'image')).toEqual({
    prompt: buildPrompt('a cat surfing', 'image'),
    source: 'builder',
  });
});

test('with a model its answer is used, and it is told the category and the idea', async () => {
  const llm = fakeLlm(async () => '"A cinematic shot of a cat riding a wave at sunset."');
  const generate = createPromptGenerator({ llm: llm.client });
  expect(await generate('a cat surfing', 'video')).toEqual({
    prompt: 'A cinematic shot of a cat riding a wave at sunset.',
    source: 'llm',
  });
  expect(llm.calls[0][0].content).toContain('video generation model');
  expect(llm.calls[0][1].content).toContain('Idea: a cat surfing');
});

test('a failing model falls back to the builder and reports why', async () => {
  const reasons: string[] = [];
  const llm = fakeLlm(async () => {
    throw new LlmError('timeout', 'LLM endpoint did not answer within 15000 ms');
  });
  const generate = createPromptGenerator({ llm: llm.client, onFallback: (error) => reasons.push(error.message) });
  expect(await generate('a song about rain', 'audio')).toEqual({
    prompt: buildPrompt('a song about rain', 'audio'),
    source: 'builder',
  });
  expect(reasons).toEqual(['LLM endpoint did not answer within 15000 ms']);
});

test('an answer of only quotes falls back; an over-long one is cut', async () => {
  const empty = createPromptGenerator({ llm: fakeLlm(async () => '""').client });
  expect((await empty('x idea', 'text')).source).toBe('builder');
  const long = createPromptGenerator({ llm: fakeLlm(async () => 'w'.repeat(10_000)).client });
  expect((await long('x idea', 'text')).prompt).toHaveLength(MAX_PROMPT_LENGTH);
});
