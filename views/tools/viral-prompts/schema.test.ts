import { expect, test } from 'vitest';
import { generateBodySchema, listQuerySchema } from './schema.ts';
import { STATIC_PROMPTS } from './static-prompts.ts';

test('the body schema refuses blank, over-long and wrongly typed input, and unknown categories', () => {
  const message = (body: unknown) => generateBodySchema.safeParse(body).error?.issues[0].message;
  expect(message({ input: '   ' })).toBe('Please describe your idea first.');
  expect(message({ input: 'x'.repeat(501) })).toBe('Please keep the idea to 500 characters or fewer.');
  expect(message({ input: 5 })).toBe('Send the idea as text in "input".');
  expect(message({ input: 'ok', category: 'smell' })).toBe('Category must be one of: image, video, text, audio.');
  expect(message('nope')).toBe('Send a JSON body like {"input": "a cat surfing at sunset"}.');
  expect(generateBodySchema.parse({ input: ' a  b ' })).toEqual({ input: 'a b', category: 'image' });
});

test('the list query defaults to image and refuses unknown categories', () => {
  expect(listQuerySchema.parse({})).toEqual({ category: 'image' });
  expect(listQuerySchema.safeParse({ category: 'IMAGE' }).success).toBe(false);
});

test('there are exactly four fixed prompts', () => {
  expect(STATIC_PROMPTS).toHaveLength(4);
});
