import { expect, test } from 'vitest';
import { parseArticle } from '#views/pages/write-for-us/schema.ts';

function body(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Fixing crawl budget on a Shopify store',
    author: 'Rohan Mehta',
    email: 'rohan@example.in',
    content: 'Step one: read the logs.',
    ...overrides,
  };
}

function errorOf(input: unknown) {
  const result = parseArticle(input);
  return result.ok ? null : result.error;
}

test('accepts a complete article and trims it', () => {
  expect(parseArticle(body({ title: ' T ', author: ' A ', email: ' a@b.in ', content: ' <b>C</b> ' }))).toEqual({
    ok: true,
    isBot: false,
    data: { title: 'T', author: 'A', email: 'a@b.in', content: '<b>C</b>', formPage: null, sourcePage: null },
  });
});

test('each missing field is named', () => {
  expect(errorOf(body({ title: ' ' }))).toBe('Title is required');
  expect(errorOf(body({ author: undefined }))).toBe('Author name is required');
  expect(errorOf(body({ content: '' }))).toBe('Content is required');
  expect(errorOf(body({ email: undefined }))).toBe('Email is required');
});

test("the author's email is required and must look like an address, so the promised reply can be sent", () => {
  expect(errorOf(body({ email: '  ' }))).toBe('Email is required');
  expect(errorOf(body({ email: 'rohan at example.in' }))).toBe('Email must be a valid email address');
  expect(errorOf(body({ email: `${'r'.repeat(250)}@x.in` }))).toBe('Email must be at most 254 characters');
});

test('enforces title 200, author 100 and content 50,000 characters', () => {
  expect(errorOf(body({ title: 't'.repeat(200), author: 'a'.repeat(100), content: 'c'.repeat(50_000) }))).toBeNull();
  expect(errorOf(body({ title: 't'.repeat(201) }))).toBe('Title must be at most 200 characters');
  expect(errorOf(body({ author: 'a'.repeat(101) }))).toBe('Author name must be at most 100 characters');
  expect(errorOf(body({ content: 'c'.repeat(50_001) }))).toBe('Content must be at most 50,000 characters');
});

test('the honeypot flags bots', () => {
  expect(parseArticle(body({ homepage: 'x' }))).toMatchObject({ ok: true, isBot: true });
});
