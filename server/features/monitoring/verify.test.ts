import { expect, test } from 'vitest';
import { hasVerificationMeta, verificationFor, verificationName } from './verify.ts';

test('the verification name is the brand as a slug', () => {
  expect(verificationName('Lotus Lane Digital')).toBe('lotus-lane-digital-site-verification');
  expect(verificationName('Café  & Co.')).toBe('cafe-co-site-verification');
  expect(verificationName('***')).toBe('site-site-verification');
});

test('the tag and the file are exact; the tag is found with any name case, attribute order or quoting', () => {
  const proof = verificationFor('Lotus Lane Digital', 'abc123');
  expect(proof).toEqual({
    meta: '<meta name="lotus-lane-digital-site-verification" content="abc123">',
    file: { path: '/abc123.html', content: 'lotus-lane-digital-site-verification: abc123' },
  });
  const name = 'lotus-lane-digital-site-verification';
  expect(hasVerificationMeta(`<head>${proof.meta}</head>`, name, 'abc123')).toBe(true);
  expect(
    hasVerificationMeta(`<META CONTENT='abc123' NAME='Lotus-Lane-Digital-Site-Verification' />`, name, 'abc123'),
  ).toBe(true);
  expect(hasVerificationMeta(`<meta name="${name}" content="abc1234">`, name, 'abc123')).toBe(false);
  expect(hasVerificationMeta(`<meta property="${name}" content="abc123">`, name, 'abc123')).toBe(false);
  expect(hasVerificationMeta(`<!-- <meta name="${name}" content="abc123"> -->`, name, 'abc123')).toBe(false);
});
