import { expect, test } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

test('entries expire after the ttl', () => {
  let clock = 1_000;
  const cache = createTtlCache<string>({ ttlMs: 100, maxEntries: 10, now: () => clock });
  cache.set('a', 'x');
  clock += 99;
  expect(cache.get('a')).toBe('x');
  clock += 1;
  expect(cache.get('a')).toBeUndefined();
});

test('the oldest entry is dropped past maxEntries', () => {
  const cache = createTtlCache<number>({ ttlMs: 1_000, maxEntries: 2 });
  cache.set('a', 1);
  cache.set('b', 2);
  cache.set('c', 3);
  expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size()]).toEqual([undefined, 2, 3, 2]);
});
