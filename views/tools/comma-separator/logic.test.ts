import { expect, test } from 'vitest';
import { defaultCommaOptions, MAX_INPUT_CHARS, separateWithCommas } from './logic.ts';

const opts = (over: Partial<typeof defaultCommaOptions> = {}) => ({ ...defaultCommaOptions, ...over });

test('joins one item per line with comma and space', () => {
  expect(separateWithCommas('apple\nbanana\ncherry')).toEqual({ ok: true, output: 'apple, banana, cherry', count: 3 });
});

test('trims items, drops blank lines and handles CRLF and CR line endings', () => {
  expect(separateWithCommas('  apple \r\n\r\n banana\rcherry\n\n')).toMatchObject({ output: 'apple, banana, cherry' });
});

test('empty or whitespace-only input asks for text', () => {
  expect(separateWithCommas('')).toEqual({ ok: false, error: 'Input text is required' });
  expect(separateWithCommas(' \n\t\n ')).toEqual({ ok: false, error: 'Input text is required' });
});

test('compact separator without spaces', () => {
  expect(separateWithCommas('a\nb', opts({ spaceAfterComma: false }))).toMatchObject({ output: 'a,b' });
});

test('removes duplicates keeping first occurrence order', () => {
  expect(separateWithCommas('b\na\nb\nc\na', opts({ removeDuplicates: true }))).toEqual({
    ok: true,
    output: 'b, a, c',
    count: 3,
  });
});

test('quotes items and escapes embedded quotes CSV-style', () => {
  expect(separateWithCommas('say "hi"\nplain', opts({ quoteItems: true, spaceAfterComma: false }))).toMatchObject({
    output: '"say ""hi""","plain"',
  });
});

test('keeps unicode items intact', () => {
  expect(separateWithCommas('दिल्ली\nनोएडा\n😀')).toMatchObject({ output: 'दिल्ली, नोएडा, 😀' });
});

test('rejects input over the size limit', () => {
  const result = separateWithCommas('a'.repeat(MAX_INPUT_CHARS + 1));
  expect(result.ok).toBe(false);
});
