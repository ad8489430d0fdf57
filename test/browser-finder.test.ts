import { expect, test } from 'vitest';
import { findChromium } from './e2e/browser.ts';

test('CHROMIUM_PATH wins when it exists', () => {
  expect(
    findChromium({ CHROMIUM_PATH: '/opt/chrome' }, (path) => path === '/opt/chrome' || path === '/usr/bin/chromium'),
  ).toBe('/opt/chrome');
});

test("falls back to Debian's /usr/bin/chromium when CHROMIUM_PATH is unset or missing", () => {
  expect(findChromium({}, (path) => path === '/usr/bin/chromium')).toBe('/usr/bin/chromium');
  expect(findChromium({ CHROMIUM_PATH: '/nope' }, (path) => path === '/usr/bin/chromium')).toBe('/usr/bin/chromium');
});

test('with no browser anywhere the error says how to install one', () => {
  expect(() => findChromium({}, () => false)).toThrowError(/apt-get install -y chromium.*CHROMIUM_PATH/s);
});
