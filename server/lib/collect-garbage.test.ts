import { getHeapStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { collectGarbage } from './collect-garbage.ts';

test('the garbage a thread let go of is collected at once, and no other context is given gc', () => {
  const holder: { arrays?: number[][] } = {
    arrays: Array.from({ length: 200 }, (_, i) => new Array<number>(50_000).fill(i + 0.5)),
  };
  const holding = getHeapStatistics().used_heap_size;
  expect(holder.arrays).toHaveLength(200);
  delete holder.arrays;
  collectGarbage();
  const after = getHeapStatistics().used_heap_size;
  // 200 arrays of 50,000 doubles (8 bytes each, unboxed): 80 MB gone.
  expect(holding - after).toBeGreaterThan(70_000_000);
  expect(runInNewContext('typeof gc')).toBe('undefined');
  expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  // A second call uses the same collector.
  collectGarbage();
});
