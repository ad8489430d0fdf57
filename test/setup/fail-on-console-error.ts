import { afterEach, vi } from 'vitest';

// House rule: console.error during a test is a failure, not noise.
const calls: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  calls.push(args);
  original(...args);
};

afterEach(() => {
  if (calls.length === 0) return;
  const first = calls.map((args) => args.map(String).join(' ')).join('\n');
  calls.length = 0;
  vi.restoreAllMocks();
  throw new Error(`console.error was called during the test:\n${first}`);
});
