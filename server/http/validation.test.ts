import { z } from 'zod';
import { expect, test } from 'vitest';
import { HttpError } from './http-error.ts';
import { parseOr400 } from './validation.ts';

const schema = z.object({
  name: z.string().trim().min(1).max(5),
  email: z.email(),
  tags: z.array(z.string()).max(1),
  kind: z.enum(['a', 'b']),
  url: z.string().min(1, 'URL is required'),
});
const valid = { name: 'Asha', email: 'a@b.in', tags: [], kind: 'a', url: 'x' };

function messageFor(value: unknown): string {
  try {
    parseOr400(schema, value);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('expected a 400');
}

test('messages name the field and say what to do', () => {
  expect(messageFor({ ...valid, name: undefined })).toBe('Name is required');
  expect(messageFor({ ...valid, name: '   ' })).toBe('Name is required');
  expect(messageFor({ ...valid, name: 'toolongname' })).toBe('Name must be at most 5 characters');
  expect(messageFor({ ...valid, email: 'nope' })).toBe('Email must be a valid email address');
  expect(messageFor({ ...valid, tags: ['a', 'b'] })).toBe('Tags may have at most 1 items');
  expect(messageFor({ ...valid, kind: 'c' })).toBe('Kind must be one of: a, b');
  expect(messageFor({ ...valid, name: 42 })).toBe('Name must be a string');
});

test("a schema's own message wins", () => {
  expect(messageFor({ ...valid, url: '' })).toBe('URL is required');
});

test('valid input comes back parsed', () => {
  expect(parseOr400(schema, { ...valid, name: '  Asha ' }).name).toBe('Asha');
});
