import { expect, test } from 'vitest';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { createSafeFetcher } from './index.ts';
import { createLoopWatch, STALL_MS, TICK_MS } from './loop-watch.ts';

/** A clock the test moves and a timer it fires by hand: what the watch saw is exactly what the test did. */
function handTicked() {
  let time = 1_000;
  const ticking: { tick?: () => void; every?: number; starts: number; stops: number } = { starts: 0, stops: 0 };
  const watch = createLoopWatch({
    now: () => time,
    every: (tick, ms) => {
      ticking.tick = tick;
      ticking.every = ms;
      ticking.starts += 1;
      return () => {
        ticking.tick = undefined;
        ticking.stops += 1;
      };
    },
  });
  return {
    watch,
    ticking,
    now: () => time,
    /** The loop runs: the clock moves and the timer fires on time all along. */
    run(ms: number) {
      for (let left = ms; left > 0; left -= TICK_MS) {
        time += Math.min(TICK_MS, left);
        ticking.tick?.();
      }
    },
    /** The loop is blocked: the clock moves, the timer cannot fire. */
    stall(ms: number) {
      time += ms;
    },
  };
}

test('an answer seen while the loop ran on time has nothing taken off', () => {
  const loop = handTicked();
  const request = loop.watch.begin();
  loop.run(1_500);
  expect(request.unseenMs()).toBe(0);
  loop.stall(STALL_MS);
  expect(request.unseenMs()).toBe(0);
  request.end();
});

test('an answer seen after a stall has the stall taken off, from the last tick or the request’s start', () => {
  const loop = handTicked();
  const early = loop.watch.begin();
  loop.run(300);
  loop.stall(1_200);
  expect(early.unseenMs()).toBe(1_200);
  // A request that began inside the stall (the blocked code sent it) counts only from its start.
  const late = loop.watch.begin();
  loop.stall(400);
  expect(late.unseenMs()).toBe(400);
  expect(early.unseenMs()).toBe(1_600);
  loop.run(TICK_MS);
  expect(early.unseenMs()).toBe(0);
  early.end();
  late.end();
});

test('the timer ticks only while a request is in flight, once however many are', () => {
  const loop = handTicked();
  expect(loop.ticking.starts).toBe(0);
  const one = loop.watch.begin();
  const two = loop.watch.begin();
  expect(loop.ticking).toMatchObject({ starts: 1, stops: 0, every: TICK_MS });
  one.end();
  one.end();
  expect(loop.ticking.stops).toBe(0);
  two.end();
  expect(loop.ticking.stops).toBe(1);
  // Idle time before the next request is not a stall of it.
  loop.stall(60_000);
  const three = loop.watch.begin();
  loop.run(200);
  expect(three.unseenMs()).toBe(0);
  expect(loop.ticking.starts).toBe(2);
  three.end();
});

test('the fetcher’s time to first byte leaves out our stall and keeps the site’s', async () => {
  const loop = handTicked();
  let wait: (ms: number) => void = loop.run;
  const server = await startLoopbackServer((_req, res) => {
    wait(1_500);
    res.end('<p>late</p>');
  });
  const fetcher = createSafeFetcher({
    allowPrivate: [server.hostPort],
    userAgent: 'test',
    clock: loop.now,
    loopWatch: loop.watch,
  });
  try {
    // The site took 1.5 s while our loop ran: all of it is the site's.
    const slowSite = await fetcher.fetch(`${server.origin}/slow`);
    expect(slowSite.timings.ttfbMs).toBe(1_500);
    // Our loop was blocked for 1.5 s while the site answered at once: none of it is.
    wait = loop.stall;
    const ourStall = await fetcher.fetch(`${server.origin}/fast`);
    expect(ourStall.timings.ttfbMs).toBe(0);
    expect(loop.ticking.stops).toBe(loop.ticking.starts);
  } finally {
    fetcher.close?.();
    await server.close();
  }
});
