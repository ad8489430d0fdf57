import { expect, test } from 'vitest';
import { cleanText } from '#views/pages/shared/clean-text.ts';
import { parseArticle } from '#views/pages/write-for-us/schema.ts';
import { parseContact } from '#views/pages/contact/schema.ts';

const contact = (overrides: Record<string, unknown>) =>
  parseContact({ name: 'Asha Verma', email: 'asha@example.in', message: 'Please audit my site.', ...overrides });

test('NUL, escape sequences and other controls are removed; multi-line text keeps tabs and line breaks', () => {
  expect(cleanText('Asha\u0000 Verma', { multiline: false })).toBe('Asha Verma');
  expect(cleanText('\u001b[31mred\u001b[0m and \u001b[1;4mbold\u001b[m', { multiline: false })).toBe('red and bold');
  expect(
    cleanText('title\u001b]0;owned\u0007 here \u001b]8;;http://x.example\u001b\\link\u001b]8;;\u001b\\', {
      multiline: false,
    }),
  ).toBe('title here link');
  expect(cleanText('8-bit \u009b2Jcsi and \u009d0;t\u009c osc', { multiline: false })).toBe('8-bit csi and  osc');
  expect(cleanText('a\u0007b\u0008c\u007fd\u0085e', { multiline: false })).toBe('abcde');
  expect(cleanText('line one\r\nline two\rthree\n\tindented', { multiline: true })).toBe(
    'line one\nline two\nthree\n\tindented',
  );
  expect(cleanText('line one\r\nline two\tend', { multiline: false })).toBe('line one line two end');
});

test('text people write in other scripts passes untouched', () => {
  const hindi = 'नमस्ते, मेरी वेबसाइट का ऑडिट करें — धन्यवाद 🙏';
  expect(cleanText(hindi, { multiline: true })).toBe(hindi);
  expect(cleanText('Menéame «Ω» 東京', { multiline: false })).toBe('Menéame «Ω» 東京');
});

test('a field of only control characters or escapes is refused by name', () => {
  expect(contact({ name: '\u0000' })).toEqual({ ok: false, error: 'Name is required' });
  expect(contact({ name: '\u0000\u0001 \u001b[2J' })).toEqual({ ok: false, error: 'Name is required' });
  expect(contact({ message: '\u001b[31m\u001b[0m\u0007\r\n' })).toEqual({ ok: false, error: 'Message is required' });
  expect(contact({ email: '\u0000asha@example.in\u0000' })).toMatchObject({
    ok: true,
    data: { email: 'asha@example.in' },
  });
  expect(parseArticle({ title: '\u001b]0;x\u0007', author: 'A', email: 'ravi@example.in', content: 'Body' })).toEqual({
    ok: false,
    error: 'Title is required',
  });
  expect(parseArticle({ title: 'T', author: '\u0000\u0000', email: 'ravi@example.in', content: 'Body' })).toEqual({
    ok: false,
    error: 'Author name is required',
  });
  expect(parseArticle({ title: 'T', author: 'A', email: 'ravi@example.in', content: '\u0000' })).toEqual({
    ok: false,
    error: 'Content is required',
  });
});

test('what is stored is the cleaned text, line breaks of messages kept', () => {
  expect(
    contact({
      name: 'Asha\u0000 \u001b[1mVerma\u001b[0m',
      phone: '+91\u0000 98100\u001b[2J 12345',
      website: '\u0007asha.example.in',
      message: 'Hello\u0000\r\n\tthere\u001b[2J',
    }),
  ).toEqual({
    ok: true,
    isBot: false,
    data: {
      name: 'Asha Verma',
      email: 'asha@example.in',
      phone: '+91 98100 12345',
      website: 'https://asha.example.in',
      message: 'Hello\n\tthere',
      siteAudit: null,
      formPage: null,
      sourcePage: null,
    },
  });
  // Optional fields of nothing but control characters are simply not given.
  expect(contact({ phone: '\u0000\u001b[2J', website: '\u0007' })).toMatchObject({
    ok: true,
    data: { phone: null, website: null },
  });
  expect(
    parseArticle({ title: 'A\ttitle', author: 'Ravi', email: 'ravi@example.in', content: 'Para one\n\nPara two' }),
  ).toMatchObject({
    data: { title: 'A title', author: 'Ravi', email: 'ravi@example.in', content: 'Para one\n\nPara two' },
  });
});
