import { expect, test } from 'vitest';
import { redirectWarnings, type WarningHop } from './warnings.ts';

/** Hops from statuses: 3xx are redirects (301/308 permanent); the last is final when `final`. */
function hops(statuses: number[], final = true): WarningHop[] {
  return statuses.map((status, index) =>
    final && index === statuses.length - 1
      ? { kind: 'final', permanent: null }
      : { kind: 'redirect', permanent: status === 301 || status === 308 },
  );
}

test('a clean 200 and a single permanent redirect have no warnings', () => {
  expect(redirectWarnings(hops([200]), 200, null)).toEqual([]);
  expect(redirectWarnings(hops([301, 200]), 200, null)).toEqual([]);
  expect(redirectWarnings(hops([308, 200]), 200, null)).toEqual([]);
});

test('302, 303 and 307 hops and a delayed refresh are temporary; two or more redirects are a chain', () => {
  expect(redirectWarnings(hops([302, 200]), 200, null)).toEqual(['temporary-redirect']);
  expect(redirectWarnings(hops([307, 200]), 200, null)).toEqual(['temporary-redirect']);
  expect(redirectWarnings(hops([301, 302, 200]), 200, null)).toEqual(['temporary-redirect', 'chain']);
  expect(redirectWarnings(hops([301, 301, 200]), 200, null)).toEqual(['chain']);
  const delayed: WarningHop[] = [
    { kind: 'meta-refresh', permanent: false },
    { kind: 'final', permanent: null },
  ];
  expect(redirectWarnings(delayed, 200, null)).toEqual(['temporary-redirect']);
  const instant: WarningHop[] = [{ kind: 'refresh-header', permanent: true }, ...hops([301, 200])];
  expect(redirectWarnings(instant, 200, null)).toEqual(['chain']);
});

test('a final 4xx/5xx or no answer is broken; a loop is a loop', () => {
  expect(redirectWarnings(hops([404]), 404, null)).toEqual(['broken']);
  expect(redirectWarnings(hops([301, 503]), 503, null)).toEqual(['broken']);
  expect(redirectWarnings([], null, 'dns')).toEqual(['broken']);
  expect(redirectWarnings([], null, 'timeout')).toEqual(['broken']);
  expect(redirectWarnings(hops([301], false), null, 'network')).toEqual(['broken']);
  expect(redirectWarnings(hops([302, 302], false), null, 'redirect-loop')).toEqual([
    'temporary-redirect',
    'chain',
    'loop',
  ]);
  expect(redirectWarnings(hops(Array(10).fill(301), false), null, 'too-many-redirects')).toEqual(['chain', 'broken']);
});

test('a request we refused (private address, bad URL) is an error, not a broken link', () => {
  expect(redirectWarnings(hops([302], false), null, 'forbidden-address')).toEqual(['temporary-redirect']);
  expect(redirectWarnings([], null, 'unsupported-protocol')).toEqual([]);
});
