import { expect, test } from 'vitest';
import { checkPhone, normalizeWebsite, parseContact } from '#views/pages/contact/schema.ts';

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
    data: {
      name: 'Asha Verma',
      email: 'asha@example.in',
      phone: null,
      website: null,
      message: 'Hello',
      siteAudit: null,
      formPage: null,
      sourcePage: null,
    },
  });
});

test('the pages a lead came from are kept as paths of this site; anything else is dropped, never refused', () => {
  const parsed = parseContact(body({ formPage: '/contact-me?plan=growth', sourcePage: 'https://evil.example/' }));
  expect(parsed).toMatchObject({ ok: true, data: { formPage: '/contact-me?plan=growth', sourcePage: null } });
});

test('phone and website are optional: missing, null, empty or blank are stored as null', () => {
  for (const blank of [undefined, null, '', '   ', '\t']) {
    expect(parseContact(body({ phone: blank, website: blank }))).toMatchObject({
      ok: true,
      data: { phone: null, website: null },
    });
  }
});

test('a phone number is kept as written (trimmed): digits, spaces, + - ( )', () => {
  expect(parseContact(body({ phone: ' +91 (11) 4567-8901 ' }))).toMatchObject({
    ok: true,
    data: { phone: '+91 (11) 4567-8901' },
  });
  expect(checkPhone('9810012345')).toBe('9810012345');
  expect(checkPhone('011 2345 678')).toBe('011 2345 678');
});

test('a phone with other characters, too few digits, too long or not text is refused naming the field', () => {
  expect(errorOf(body({ phone: '+91 98100 12345 ext. 2' }))).toBe('Phone may contain only digits, spaces and + - ( )');
  expect(errorOf(body({ phone: 'call me' }))).toBe('Phone may contain only digits, spaces and + - ( )');
  expect(errorOf(body({ phone: '+91 98100/12345' }))).toBe('Phone may contain only digits, spaces and + - ( )');
  expect(errorOf(body({ phone: '123 456' }))).toBe('Phone must have at least 7 digits');
  expect(errorOf(body({ phone: '1234567' }))).toBeNull();
  expect(errorOf(body({ phone: '1'.repeat(32) }))).toBeNull();
  expect(errorOf(body({ phone: '1'.repeat(33) }))).toBe('Phone must be at most 32 characters');
  expect(errorOf(body({ phone: 9810012345 }))).toBe('Phone must be text');
});

test('a website gets https:// when typed as a bare domain; http(s) addresses are kept as typed', () => {
  expect(parseContact(body({ website: ' example.com ' }))).toMatchObject({
    ok: true,
    data: { website: 'https://example.com' },
  });
  expect(normalizeWebsite('www.dental-clinic.in/contact?from=google')).toBe(
    'https://www.dental-clinic.in/contact?from=google',
  );
  expect(normalizeWebsite('http://shop.example.in')).toBe('http://shop.example.in');
  expect(normalizeWebsite('HTTPS://Example.COM/Path')).toBe('HTTPS://Example.COM/Path');
  expect(normalizeWebsite('example.com:8080/menu')).toBe('https://example.com:8080/menu');
  expect(normalizeWebsite('मेरा.भारत')).toBe('https://मेरा.भारत');
});

test('a website that is not an http(s) address is refused naming the field', () => {
  const notAddress = 'Website must be a web address such as example.com or https://example.com';
  expect(errorOf(body({ website: 'ftp://files.example.com' }))).toBe('Website must start with http:// or https://');
  expect(errorOf(body({ website: 'javascript://example.com/%0Aalert(1)' }))).toBe(
    'Website must start with http:// or https://',
  );
  expect(errorOf(body({ website: 'javascript:alert(1)' }))).toBe(notAddress);
  expect(errorOf(body({ website: 'mailto:asha@example.in' }))).toBe(notAddress);
  expect(errorOf(body({ website: 'https://user:secret@example.com' }))).toBe(notAddress);
  expect(errorOf(body({ website: 'localhost' }))).toBe(notAddress);
  expect(errorOf(body({ website: 'my website' }))).toBe(notAddress);
  expect(errorOf(body({ website: 'https://' }))).toBe(notAddress);
  expect(errorOf(body({ website: ['example.com'] }))).toBe('Website must be text');
});

test('a website may be 2,048 characters, not more', () => {
  const at = (length: number) => `https://example.com/${'p'.repeat(length - 'https://example.com/'.length)}`;
  expect(errorOf(body({ website: at(2048) }))).toBeNull();
  expect(errorOf(body({ website: at(2049) }))).toBe('Website must be at most 2,048 characters');
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

test("the email follows the site's one rule: a plain mailbox (no comment, group, quotes or name), kept canonical", () => {
  for (const email of [
    '(1)asha@example.in',
    'x:asha@example.in;',
    'asha@example.in.',
    '"asha"@example.in',
    'Asha <asha@example.in>',
  ])
    expect(errorOf(body({ email })), email).toBe('Email must be a valid email address');
  const result = parseContact(body({ email: ' Asha@Example.IN ' }));
  expect(result.ok && result.data.email).toBe('Asha@example.in');
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

test('a filled honeypot (homepage) marks the request as a bot; an empty one does not; website is no trap', () => {
  expect(parseContact(body({ homepage: 'http://spam.example' }))).toMatchObject({ ok: true, isBot: true });
  expect(parseContact(body({ homepage: '' }))).toMatchObject({ ok: true, isBot: false });
  expect(parseContact(body({ website: 'http://clinic.example' }))).toMatchObject({
    ok: true,
    isBot: false,
    data: { website: 'http://clinic.example' },
  });
});

test('a body that is not an object is rejected', () => {
  expect(errorOf(null)).toBe('Request body must be a JSON object');
  expect(errorOf(['Asha'])).toBe('Request body must be a JSON object');
  expect(errorOf('name=Asha')).toBe('Request body must be a JSON object');
});

test("a site audit id (from a report's call to action) is kept when well formed; anything else is a clear error", () => {
  expect(parseContact(body({ siteAudit: 'AbCdEfGhIjKlMnOpQrSt_-' }))).toMatchObject({
    ok: true,
    data: { siteAudit: 'AbCdEfGhIjKlMnOpQrSt_-' },
  });
  for (const bad of ['short', '../../admin/xxxxxxxxxxx', 'AbCdEfGhIjKlMnOpQrSt_-x'])
    expect(parseContact(body({ siteAudit: bad }))).toEqual({
      ok: false,
      error:
        bad.length > 22
          ? 'Site audit must be at most 22 characters'
          : 'Site audit must be the id of a site audit report',
    });
});
