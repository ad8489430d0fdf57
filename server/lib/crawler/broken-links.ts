import type { BrokenLink } from './types.ts';

/** Pages remembered per linked URL as its sources; more are counted, not listed. */
export const MAX_SOURCES_PER_TARGET = 20;

/**
 * Remembers which pages link to each URL on the site, so a URL that answers an error can be listed
 * with the pages that lead to it. Keys are the crawl's one spelling of each URL (frontier.keyOf).
 */
export function createBrokenLinkLog() {
  const sources = new Map<string, { pages: string[]; count: number }>();
  const broken = new Map<string, { status: number | null; detail: string }>();

  return {
    /** `source` links to (redirects to, names as canonical) `target`; the caller tells each pair once per page. */
    linked(target: string, source: string): void {
      if (target === source) return;
      let entry = sources.get(target);
      if (!entry) sources.set(target, (entry = { pages: [], count: 0 }));
      if (entry.pages.length < MAX_SOURCES_PER_TARGET && entry.pages.includes(source)) return;
      entry.count += 1;
      if (entry.pages.length < MAX_SOURCES_PER_TARGET) entry.pages.push(source);
    },
    /** `target` answered `status` (4xx/5xx), or could not be fetched (status null). */
    failed(target: string, status: number | null, detail: string): void {
      broken.set(target, { status, detail });
    },
    /** Every broken link (a source and a target) as counted, and the first `limit`, sorted by target then source. */
    report(limit: number): { listed: BrokenLink[]; total: number } {
      const rows: BrokenLink[] = [];
      let total = 0;
      for (const target of [...broken.keys()].sort()) {
        const { status, detail } = broken.get(target)!;
        const entry = sources.get(target);
        if (!entry) continue;
        total += entry.count;
        for (const source of [...entry.pages].sort())
          if (rows.length < limit) rows.push({ source, target, status, detail });
      }
      return { listed: rows, total };
    },
  };
}

export type BrokenLinkLog = ReturnType<typeof createBrokenLinkLog>;
