import { expect, test } from 'vitest';
import { redirectWarnings } from './warnings.ts';

test('a clean 200 and a single permanent redirect have no warnings', () => {
  expect(redirectWarnings([200], 200, null)).toEqual([]);
  expect(redirectWarnings([301, 200], 200, null)).toEqual([]);
  expect(redirectWarnings([308, 200], 200, null)).toEqual([]);
});

test('302, 303 and 307 hops are temporary; two or more redirects are a chain', () => {
  expect(redirectWarnings([302, 200], 200, null)).toEqual(['temporary-redirect']);
  expect(redirectWarnings([307, 200], 200, null)).toEqual(['temporary-redirect']);
  expect(redirectWarnings([301, 302, 200], 200, null)).toEqual(['temporary-redirect', 'chain']);
  expect(redirectWarnings([301, 301, 200], 200, null)).toEqual(['chain']);
});

test('a final 4xx/5xx or no answer is broken; a loop is a loop', () => {
  expect(redirectWarnings([404], 404, null)).toEqual(['broken']);
  expect(redirectWarnings([301, 503], 503, null)).toEqual(['broken']);
  expect(redirectWarnings([], null, 'dns')).toEqual(['broken']);
  expect(redirectWarnings([], null, 'timeout')).toEqual(['broken']);
  expect(redirectWarnings([301], null, 'network')).toEqual(['broken']);
  expect(redirectWarnings([302, 302], null, 'redirect-loop')).toEqual(['temporary-redirect', 'chain', 'loop']);
  expect(redirectWarnings(Array(10).fill(301), null, 'too-many-redirects')).toEqual(['chain', 'broken']);
});

test('a request we refused (private address, bad URL) is an error, not a broken link', () => {
  expect(redirectWarnings([302], null, 'forbidden-address')).toEqual(['temporary-redirect']);
  expect(redirectWarnings([], null, 'unsupported-protocol')).toEqual([]);
});
