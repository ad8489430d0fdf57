import { afterEach, expect, test, vi } from 'vitest';
import { withHardStop } from './hard-stop.ts';

afterEach(() => {
  vi.useRealTimers();
});

test('work that never settles is stopped at the hard deadline: onOvertime runs once and the overtime error is the answer', async () => {
  vi.useFakeTimers();
  const stopped: string[] = [];
  const answer = withHardStop(
    new Promise<string>(() => undefined),
    25_000,
    () => stopped.push('killed'),
    () => new Error('too slow'),
  );
  const settled = answer.then(
    () => 'resolved',
    (error: Error) => error.message,
  );
  await vi.advanceTimersByTimeAsync(24_999);
  expect(stopped).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect([await settled, stopped]).toEqual(['too slow', ['killed']]);
});

test('work that settles in time is answered as it is, and the stop never fires', async () => {
  vi.useFakeTimers();
  const stopped: string[] = [];
  await expect(
    withHardStop(
      Promise.resolve('measured'),
      25_000,
      () => stopped.push('killed'),
      () => new Error('too slow'),
    ),
  ).resolves.toBe('measured');
  await expect(
    withHardStop(
      Promise.reject(new Error('not html')),
      25_000,
      () => stopped.push('killed'),
      () => new Error('x'),
    ),
  ).rejects.toThrow('not html');
  await vi.advanceTimersByTimeAsync(60_000);
  expect(stopped).toEqual([]);
});
