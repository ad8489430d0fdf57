import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { auditPage, html } from '#test/fixtures/audit-pages.ts';
import type { FixtureSite } from '#test/fixtures/crawl-site.ts';
import { createInMemoryFetcher } from '#test/helpers/in-memory-fetcher.ts';
import { runSiteAudit, type AuditProgress } from './audit.ts';
import { createRateMeter, RATE_WARMUP_MS, RATE_WINDOW_MS, SAMPLE_SPACING_MS } from './rate.ts';

// Only Date is faked: the crawl's own timers and I/O run as usual, and the clock moves when a test says.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-29T06:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const limits = { maxPages: 1_000_000, crawlTimeoutMs: 3_600_000 };
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

test('no rate nor estimate during the first seconds, then the rate and the queue at that rate', () => {
  const meter = createRateMeter(limits);
  later(RATE_WARMUP_MS - 1);
  expect(meter.read(40, 500)).toEqual({});
  later(1);
  // 50 URLs in 5 s: 10 a second; 500 waiting take 50 s.
  expect(meter.read(50, 500)).toEqual({ pagesPerSecond: 10, secondsLeft: 50 });
  later(1_000);
  expect(meter.read(53, 12)).toEqual({ pagesPerSecond: 8.8, secondsLeft: 2 });
});

test('the rate is the last 30 seconds: a crawl that slows down says so within the window', () => {
  const meter = createRateMeter(limits);
  for (let second = 1; second <= 60; second += 1) {
    later(1_000);
    meter.read(second * 100, 10_000);
  }
  // 100 a second for a minute, then 10 a second: after one window only the slow rate is left.
  let crawled = 6_000;
  let reading = {};
  for (let second = 1; second <= RATE_WINDOW_MS / 1000; second += 1) {
    later(1_000);
    crawled += 10;
    reading = meter.read(crawled, 600);
  }
  expect(reading).toEqual({ pagesPerSecond: 10, secondsLeft: 60 });
});

test('a fast crawl keeps a few hundred readings, not every fetch of the window, and its rate is the same', () => {
  const meter = createRateMeter(limits);
  let reading = {};
  // 800 fetches a second (one every 1.25 ms) for a minute: 48,000 readings.
  for (let fetch = 1; fetch <= 48_000; fetch += 1) {
    vi.setSystemTime(new Date('2026-11-29T06:00:00Z').getTime() + fetch * 1.25);
    reading = meter.read(fetch, 52_000 - fetch);
  }
  expect(meter.kept).toBeLessThanOrEqual(RATE_WINDOW_MS / SAMPLE_SPACING_MS + 2);
  expect(reading).toEqual({ pagesPerSecond: 800, secondsLeft: 5 });
});

test('the estimate stops at the URL cap and at the time limit; a stalled crawl has none', () => {
  const capped = createRateMeter({ maxPages: 120, crawlTimeoutMs: 3_600_000 });
  later(10_000);
  // 100 crawled at 10 a second, 5,000 waiting but only 20 more may be fetched.
  expect(capped.read(100, 5_000)).toEqual({ pagesPerSecond: 10, secondsLeft: 2 });
  const timed = createRateMeter({ maxPages: 1_000_000, crawlTimeoutMs: 60_000 });
  later(10_000);
  expect(timed.read(20, 5_000)).toEqual({ pagesPerSecond: 2, secondsLeft: 50 });
  const stalled = createRateMeter(limits);
  later(10_000);
  expect(stalled.read(0, 3)).toEqual({});
});

test('an audit tells its rate and time left with its progress, once it has crawled a few seconds', async () => {
  const origin = 'https://rate.example';
  const paths = Array.from({ length: 39 }, (_, n) => `/p${n + 1}`);
  // Every page but the start page takes half a second of the (fake) clock: two pages a second.
  const site: FixtureSite = (path) => {
    if (path === '/') return html(auditPage('/', { links: paths }));
    if (!paths.includes(path)) return undefined;
    later(500);
    return html(auditPage(path));
  };
  const progress: AuditProgress[] = [];
  await runSiteAudit({
    startUrl: `${origin}/`,
    fetcher: createInMemoryFetcher(site, origin),
    limits: { concurrency: 1 },
    onProgress: (state) => progress.push(state),
  });
  const at = (crawled: number) =>
    progress
      .filter((state) => state.crawled === crawled && !state.externalTotal)
      .map(({ pagesPerSecond, secondsLeft }) => ({ pagesPerSecond, secondsLeft }))[0];
  // After page j of 39: j + 1 URLs crawled in j / 2 seconds, 39 - j waiting.
  expect(at(10)).toEqual({ pagesPerSecond: undefined, secondsLeft: undefined });
  expect(at(11)).toEqual({ pagesPerSecond: 2.2, secondsLeft: 14 });
  expect(at(21)).toEqual({ pagesPerSecond: 2.1, secondsLeft: 10 });
  expect(at(40)).toEqual({ pagesPerSecond: 2.1, secondsLeft: 0 });
  // The last progress, once the crawl is over, says no rate: nothing is left to estimate.
  expect(progress.at(-1)).toEqual({ crawled: 40, discovered: 40 });
});
