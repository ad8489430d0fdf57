import { expect, test } from 'vitest';
import { ID_PATTERN, isId, newId } from './ids.ts';

test('a new id is 22 base64url characters that pass the check, and never the same twice', () => {
  const ids = Array.from({ length: 2000 }, () => newId());
  for (const id of ids) expect(id).toMatch(ID_PATTERN);
  expect(new Set(ids).size).toBe(ids.length);
  // Every character of the alphabet turns up: all 128 bits are random, none fixed by the encoding but the last.
  expect(new Set(ids.join('')).size).toBe(64);
  expect(ids.every(isId)).toBe(true);
});

test('anything else is not an id', () => {
  for (const value of [
    '',
    'a'.repeat(21),
    'a'.repeat(23),
    `${'a'.repeat(21)}=`,
    `${'a'.repeat(21)}+`,
    `${'a'.repeat(21)}/`,
    42,
    null,
  ])
    expect(isId(value)).toBe(false);
  expect(isId('-NryfxPZKX3Sxyyj5CUBBg')).toBe(true);
});
