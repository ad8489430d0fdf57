import { expect, test, vi } from 'vitest';
import { mapWithLimit } from './map-limit.ts';

test('results keep input order while no more than the limit run at once', async () => {
  // Fake timers: the items finish in a different order than they started, without waiting.
  vi.useFakeTimers();
  let running = 0;
  let peak = 0;
  const delays = [30, 5, 20, 1, 10, 2, 15];
  const mapped = mapWithLimit(delays, 3, async (delay, index) => {
    running += 1;
    peak = Math.max(peak, running);
    await new Promise((resolve) => setTimeout(resolve, delay));
    running -= 1;
    return `#${index}`;
  });
  await vi.runAllTimersAsync();
  const results = await mapped;
  vi.useRealTimers();
  expect(results).toEqual(['#0', '#1', '#2', '#3', '#4', '#5', '#6']);
  expect(peak).toBe(3);
});

test('once the budget says stop, the remaining items get the skipped value', async () => {
  let started = 0;
  const results = await mapWithLimit([1, 2, 3, 4], 1, async (item) => {
    started += 1;
    return `done ${item}`;
  }, (item) => `skipped ${item}`, () => started < 2);
  expect(results).toEqual(['done 1', 'done 2', 'skipped 3', 'skipped 4']);
});
