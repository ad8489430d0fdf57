import type { SkipReason, SkippedUrl } from './types.ts';

/** How many distinct external URLs we remember for de-duplication before we stop counting them. */
const MAX_EXTERNAL_TRACKED = 50_000;

/**
 * Collects skipped URLs for the crawl report: exact counts per reason, the first `limit`
 * entries listed one by one. External links repeat on every page (nav, footer), so each is
 * counted once.
 */
export function createSkipLog(limit: number, onSkip?: (url: string, reason: SkipReason, detail: string) => void) {
  const counts: Partial<Record<SkipReason, number>> = {};
  const listed: SkippedUrl[] = [];
  const externals = new Set<string>();
  let total = 0;

  function add(url: string, reason: SkipReason, detail: string): void {
    if (reason === 'external') {
      if (externals.has(url) || externals.size >= MAX_EXTERNAL_TRACKED) return;
      externals.add(url);
    }
    onSkip?.(url, reason, detail);
    counts[reason] = (counts[reason] ?? 0) + 1;
    total += 1;
    if (listed.length < limit) listed.push({ url, reason, detail });
  }

  return {
    add,
    get total() {
      return total;
    },
    counts: () => ({ ...counts }),
    listed: () => listed.slice(),
    truncated: () => total > listed.length,
  };
}

export type SkipLog = ReturnType<typeof createSkipLog>;
