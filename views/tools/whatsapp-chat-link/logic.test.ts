import { expect, test } from 'vitest';
import { buildWhatsAppLink, MESSAGE_TOO_LONG, PHONE_LENGTH, PHONE_REQUIRED } from './logic.ts';

test('keeps only the digits of the phone number', () => {
  expect(buildWhatsAppLink('+91 98765-43210')).toEqual({
    ok: true,
    link: 'https://wa.me/919876543210',
    digits: '919876543210',
  });
  expect(buildWhatsAppLink('(+1) 415.555.0100')).toMatchObject({ link: 'https://wa.me/14155550100' });
  expect(buildWhatsAppLink('0091 98765 43210')).toMatchObject({ link: 'https://wa.me/919876543210' });
});

test('a missing or digitless phone number is required', () => {
  expect(buildWhatsAppLink('')).toEqual({ ok: false, error: PHONE_REQUIRED });
  expect(buildWhatsAppLink(' + - ')).toEqual({ ok: false, error: PHONE_REQUIRED });
  expect(buildWhatsAppLink('abc')).toEqual({ ok: false, error: PHONE_REQUIRED });
});

test('numbers outside 7 to 15 digits are refused', () => {
  expect(buildWhatsAppLink('12345')).toEqual({ ok: false, error: PHONE_LENGTH });
  expect(buildWhatsAppLink('1'.repeat(16))).toEqual({ ok: false, error: PHONE_LENGTH });
  expect(buildWhatsAppLink('1'.repeat(15))).toMatchObject({ ok: true });
});

test('the message is URL-encoded as text only when present', () => {
  expect(buildWhatsAppLink('919876543210', '   ')).toMatchObject({ link: 'https://wa.me/919876543210' });
  expect(buildWhatsAppLink('919876543210', 'Hi! Is 50% off & free? नमस्ते\nbye')).toMatchObject({
    link: 'https://wa.me/919876543210?text=Hi!%20Is%2050%25%20off%20%26%20free%3F%20%E0%A4%A8%E0%A4%AE%E0%A4%B8%E0%A5%8D%E0%A4%A4%E0%A5%87%0Abye',
  });
});

test('very long messages are refused', () => {
  expect(buildWhatsAppLink('919876543210', 'x'.repeat(1000))).toMatchObject({ ok: true });
  expect(buildWhatsAppLink('919876543210', 'x'.repeat(1001))).toEqual({ ok: false, error: MESSAGE_TOO_LONG });
});
