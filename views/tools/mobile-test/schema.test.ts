import { expect, test } from 'vitest';
import { mobileTestRequestSchema } from './schema.ts';

const issue = (body: unknown) => mobileTestRequestSchema.safeParse(body).error?.issues.map((found) => found.message);

test('device and user agent default to the phone as a phone browser', () => {
  expect(mobileTestRequestSchema.parse({ url: 'example.com' })).toEqual({
    url: 'example.com',
    device: 'phone',
    userAgent: 'browser',
  });
  expect(mobileTestRequestSchema.parse({ url: 'example.com', device: 'phone-large', userAgent: 'googlebot' })).toEqual({
    url: 'example.com',
    device: 'phone-large',
    userAgent: 'googlebot',
  });
});

test('anything but the listed devices and user agents is refused with the choices named', () => {
  expect(issue({ url: 'example.com', device: 'desktop' })).toEqual([
    'Device must be one of: phone, phone-large, tablet.',
  ]);
  expect(issue({ url: 'example.com', device: null })).toEqual(['Device must be one of: phone, phone-large, tablet.']);
  expect(issue({ url: 'example.com', userAgent: 'Mozilla/5.0' })).toEqual([
    'User agent must be one of: browser, googlebot.',
  ]);
  // The API answers the first issue.
  expect(issue({ url: '', device: 'tablet' })?.[0]).toBe('Please enter a URL to test.');
});
