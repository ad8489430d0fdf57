import { Readable } from 'node:stream';
import { expect, test } from 'vitest';
import type { SafeFetcher, StreamResult } from '#server/lib/safe-fetch/index.ts';
import { createHostSlots } from './host-slots.ts';
import { checkMigration } from './migration.ts';

/** Lets every pending promise callback and I/O turn run: what can start has started. */
async function settle() {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

test('a host has at most perHost slots; a release hands the slot to the next waiter; an abort leaves the queue', async () => {
  const slots = createHostSlots(2);
  const never = new AbortController().signal;
  const a = await slots.take('a.example', never);
  await slots.take('a.example', never);
  await slots.take('b.example', never);
  let third = false;
  const waiting = slots.take('a.example', never).then((release) => {
    third = true;
    return release;
  });
  const leaving = new AbortController();
  const gone = slots.take('a.example', leaving.signal);
  await settle();
  expect(third).toBe(false);
  leaving.abort(new Error('left'));
  await expect(gone).rejects.toThrow('left');
  a();
  a(); // a second call of the same release gives nothing back
  (await waiting)();
  expect(third).toBe(true);
});

/** A fetcher whose answers the test sends: counts requests in flight per host. */
function heldFetcher() {
  const pending: Array<() => void> = [];
  const inFlight = new Map<string, number>();
  const most = new Map<string, number>();
  const fetcher: SafeFetcher = {
    fetch: () => Promise.reject(new Error('unused')),
    stream(url) {
      const { host } = new URL(String(url));
      inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
      most.set(host, Math.max(most.get(host) ?? 0, inFlight.get(host) ?? 0));
      return new Promise<StreamResult>((resolve) =>
        pending.push(() => {
          inFlight.set(host, (inFlight.get(host) ?? 0) - 1);
          resolve({
            url: String(url),
            status: 200,
            headers: {},
            redirects: [],
            timings: { ttfbMs: 0, totalMs: 0 },
            encoding: null,
            remoteAddress: '127.0.0.1',
            body: Readable.from([]),
            truncated: false,
            bytesOnWire: 0,
          });
        }),
      );
    },
  };
  return { fetcher, pending, inFlight, most };
}

test('a migration batch never has more than perHost requests in flight to one host, whatever the concurrency', async () => {
  const { fetcher, pending, inFlight, most } = heldFetcher();
  const rows = [
    { from: 'https://other.example/x', to: 'https://other.example/x' },
    ...Array.from({ length: 4 }, (_, i) => ({ from: `https://old.example/${i}`, to: `https://old.example/${i}` })),
  ];
  const done = checkMigration(rows, { fetcher, hostSlots: createHostSlots(2), concurrency: 6, deadlineMs: 60_000 });
  await settle();
  // Six lanes, ten checks: the other host's two, and two of old.example's eight; its next two lanes wait.
  expect([inFlight.get('old.example'), inFlight.get('other.example')]).toEqual([2, 2]);
  while (pending.length > 0) {
    pending.shift()?.();
    await settle();
  }
  const results = await done;
  expect(results.map((result) => result.matches)).toEqual([true, true, true, true, true]);
  expect([most.get('old.example'), most.get('other.example')]).toEqual([2, 2]);
});
