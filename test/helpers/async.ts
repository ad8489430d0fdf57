import { expect } from 'vitest';

/**
 * What `promise` rejects with, checked to be a `type`: the test fails when it resolves instead, or
 * rejects with anything else. One copy of the helper the fetcher and image compressor tests each had.
 */
export async function rejectionOf<T extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => T,
): Promise<T> {
  const outcome = await promise.then(
    () => new Error('expected the promise to reject'),
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(type);
  return outcome as T;
}

/** Lets every callback queued so far run (promise jobs, then one turn of the event loop). */
export const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
