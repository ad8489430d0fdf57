/*
 * How fast an audit crawls and how long it has left (decision 0059, "Progress"): the rate over the
 * last RATE_WINDOW_MS of fetches, so a slow start or a Crawl-delay that sets in shows within
 * seconds, and the time left as the URLs still waiting over that rate. Nothing is said during the
 * first RATE_WARMUP_MS: a rate of three pages is noise.
 */

/** Fetches counted toward the current rate: the last 30 s. */
export const RATE_WINDOW_MS = 30_000;
/** No rate nor estimate before the crawl has run this long. */
export const RATE_WARMUP_MS = 5_000;

export interface CrawlRate {
  /** URLs answered per second over the last RATE_WINDOW_MS (one decimal under 10, whole above). */
  pagesPerSecond?: number;
  /** Seconds until the URLs waiting in the queue are crawled at that rate, within the audit's caps. */
  secondsLeft?: number;
}

export interface RateMeterLimits {
  /** Requests the audit may send at most (SITE_AUDIT_MAX_PAGES): URLs past it will never be crawled. */
  maxPages: number;
  /** The crawl's time limit: the estimate never runs past it. */
  crawlTimeoutMs: number;
}

/**
 * Readings kept at least this far apart: progress comes once a fetch, 800 a second on a fast site, and a window
 * of every one of them (24,000) cost the crawl's thread 3.5% of its time shifting the array (a CPU profile of the
 * 100,000-page bench). At most RATE_WINDOW_MS / SAMPLE_SPACING_MS + 2 are kept.
 */
export const SAMPLE_SPACING_MS = 250;

/** One reading: when, and how many URLs had been answered. */
interface Sample {
  at: number;
  crawled: number;
}

const rounded = (rate: number) => (rate < 10 ? Math.round(rate * 10) / 10 : Math.round(rate));

/**
 * A meter for one crawl: `read(crawled, queued)` at each progress (URLs answered, URLs waiting or
 * being fetched) answers the rate and the time left, from the samples of one window (`kept`: how many).
 */
export function createRateMeter(limits: RateMeterLimits, now: () => number = Date.now) {
  const startedAt = now();
  const samples: Sample[] = [{ at: startedAt, crawled: 0 }];
  return {
    read(crawled: number, queued: number): CrawlRate {
      const at = now();
      if (at - samples.at(-1)!.at >= SAMPLE_SPACING_MS) samples.push({ at, crawled });
      // Keep one sample at or before the window's start, so the window is always full once it can be.
      while (samples.length > 2 && samples[1].at <= at - RATE_WINDOW_MS) samples.shift();
      if (at - startedAt < RATE_WARMUP_MS) return {};
      const first = samples[0];
      const rate = ((crawled - first.crawled) * 1000) / Math.max(1, at - first.at);
      if (rate <= 0) return {};
      const waiting = Math.min(queued, Math.max(0, limits.maxPages - crawled));
      const timeLeft = Math.max(0, (limits.crawlTimeoutMs - (at - startedAt)) / 1000);
      return { pagesPerSecond: rounded(rate), secondsLeft: Math.ceil(Math.min(waiting / rate, timeLeft)) };
    },
    get kept(): number {
      return samples.length;
    },
  };
}
