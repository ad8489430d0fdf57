import { expect, test } from 'vitest';
import { CATEGORIES } from '#views/model/viral-prompts.ts';
import { buildPrompt, cleanIdea } from './prompt-builder.ts';

test('the same idea and category always give the same prompt', () => {
  expect(buildPrompt('a cat surfing at sunset', 'image')).toBe(buildPrompt('  a cat  surfing at sunset. ', 'image'));
});

test('each category gets its own kind of detail and includes the idea', () => {
  const idea = 'a street food tour of Old Delhi';
  expect(buildPrompt(idea, 'image')).toMatch(/^Create a .* of a street food tour of Old Delhi\.\n/);
  expect(buildPrompt(idea, 'image')).toContain('Aspect ratio 4:5');
  expect(buildPrompt(idea, 'video')).toContain('vertical (9:16) video about a street food tour of Old Delhi');
  expect(buildPrompt(idea, 'video')).toContain('Hook (0-2 s)');
  expect(buildPrompt(idea, 'text')).toContain('Write about: a street food tour of Old Delhi.');
  expect(buildPrompt(idea, 'audio')).toMatch(/Tempo: \d+ BPM/);
  for (const category of CATEGORIES) expect(buildPrompt(idea, category).split(/\s+/).length).toBeGreaterThan(60);
});

test('different ideas do not all get the same style', () => {
  const firstLines = new Set(
    ['a cat', 'a dog', 'a lighthouse', 'a rainy street', 'a robot chef', 'a desert'].map((idea) =>
      buildPrompt(idea, 'image')
        .split('\n')[0]
        .replace(/ of .*/, ''),
    ),
  );
  expect(firstLines.size).toBeGreaterThan(1);
});

test('unicode ideas are kept as typed', () => {
  expect(buildPrompt('दिवाली की रात', 'text')).toContain('Write about: दिवाली की रात.');
});

test('cleanIdea trims, collapses spaces and drops trailing punctuation', () => {
  expect(cleanIdea('  hello   world!!  ')).toBe('hello world');
});
