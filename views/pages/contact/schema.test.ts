import { expect, test } from 'vitest';
import { parseContact } from '#views/pages/contact/schema.ts';

function body(overrides: Record<string, unknown> = {}) {
  return { name: 'Asha Verma', email: 'asha@example.in', message: 'Please audit my clinic website.', ...overrides };
}

function errorOf(input: unknown) {
  const result = parseContact(input);
  return result.ok ? null : result.error;
}

test('accepts a complete message and trims every field', () => {
  const result = parseContact(body({ name: '  Asha Verma ', email: ' asha@example.in ', message: '\n Hello \n' }));
  expect(result).toEqual({
    ok: true,
    isBot: false,
    data: { name: 'Asha Verma', email: 'asha@example.in', message: 'Hello' },
  });
});

test('missing, blank and non-string fields are named in the error', () => {
  expect(errorOf(body({ name: undefined }))).toBe('Name is required');
  expect(errorOf(body({ name: '   ' }))).toBe('Name is required');
  expect(errorOf(body({ email: '' }))).toBe('Email is required');
  expect(errorOf(body({ message: 42 }))).toBe('Message is required');
});

test('rejects an email without a domain', () => {
  expect(errorOf(body({ email: 'asha@localhost' }))).toBe('Email must be a valid email address');
  expect(errorOf(body({ email: 'asha example.in' }))).toBe('Email must be a valid email address');
});

test('enforces the length limits exactly at the boundary', () => {
  expect(errorOf(body({ name: 'a'.repeat(100) }))).toBeNull();
  expect(errorOf(body({ name: 'a'.repeat(101) }))).toBe('Name must be at most 100 characters');
  const local = 'a'.repeat(254 - '@example.in'.length);
  expect(errorOf(body({ email: `${local}@example.in` }))).toBeNull();
  expect(errorOf(body({ email: `a${local}@example.in` }))).toBe('Email must be at most 254 characters');
  expect(errorOf(body({ message: 'm'.repeat(5000) }))).toBeNull();
  expect(errorOf(body({ message: 'm'.repeat(5001) }))).toBe('Message must be at most 5,000 characters');
});

test('a filled honeypot marks the request as a bot; an empty one does not', () => {
  expect(parseContact(body({ website: 'http://spam.example' }))).toMatchObject({ ok: true, isBot: true });
  expect(parseContact(body({ website: '' }))).toMatchObject({ ok: true, isBot: false });
});

test('a body that is not an object is rejected', () => {
  expect(errorOf(null)).toBe('Request body must be a JSON object');
  expect(errorOf(['Asha'])).toBe('Request body must be a JSON object');
  expect(errorOf('name=Asha')).toBe('Request body must be a JSON object');
});
