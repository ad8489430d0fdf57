import { hostKey, isHostIn, nonHtmlExtension, upgradeScheme } from './normalize.ts';
import type { RobotsPolicy } from './robots.ts';
import type { SkipLog } from './skip-log.ts';

/** sitemaps.org caps a <loc> value at 2,048 characters; longer URLs are reported, not listed. */
export const MAX_LOC_LENGTH = 2048;

export interface QueueItem {
  url: string;
  depth: number;
  /** The start URL and the redirects it leads through; these may move the crawl to another host. */
  start: boolean;
}

export interface DiscoverFlags {
  /** Found only through rel=nofollow or a nofollow page: remembered, not crawled. */
  nofollow?: boolean;
  start?: boolean;
}

/**
 * The crawl's memory: every URL seen once (normalised), the FIFO queue of URLs to fetch, and
 * the decision of whether a newly found URL is crawled or skipped (and why). Breadth-first
 * order means a page is first met at (about) its shortest link distance from the start.
 */
export interface FrontierOptions {
  maxDepth: number;
  skips: SkipLog;
  siteOrigin: string;
  robots: RobotsPolicy;
  /** Queue URLs found through nofollow links like any other (default false: remembered only). */
  followNofollow?: boolean;
  /** Skip URLs whose extension marks a file (default true). */
  skipFileExtensions?: boolean;
  /** The pattern an in-site URL matches when it must not be crawled (the sitemap generator's exclude list). */
  exclude?: (url: string) => string | null;
  /** A crawl carried on where it stopped: the hosts it counted as the site, every URL it had met, its queue. */
  resume?: FrontierResume;
  /** Where the URLs waiting to be fetched are kept (default: in memory, `createMemoryQueue`). */
  queue?: QueueSource;
  /** Where the URLs met are remembered (default: a Set); a site audit's URL store answers by id, one bit a URL. */
  seen?: SeenUrls;
}

/** The URLs the frontier has queued or skipped (each once, in its key form). */
export interface SeenUrls {
  has(url: string): boolean;
  add(url: string): void;
}

export interface FrontierResume {
  hosts: readonly string[];
  seen: Iterable<string>;
  /** The URLs waiting, for a queue held in memory (a stored queue reads its own). */
  queue: readonly QueueItem[];
}

/**
 * The URLs waiting to be fetched, first in first out (breadth-first). A queue kept in a database holds a
 * batch of them in memory and brings the next batch in with `refill` (decision 0064).
 */
export interface QueueSource {
  push(item: QueueItem): void;
  /** The next URL held in memory; undefined when none is (then `pending` says whether a refill would bring more). */
  next(): QueueItem | undefined;
  /** URLs waiting, held in memory or stored. */
  readonly pending: number;
  /** Brings the next stored URLs into memory; resolves at once when there is nothing to bring. */
  refill(): Promise<void>;
  /** Every URL still waiting once memory is drained, in queue order (the crawl is closing). */
  rest(): AsyncIterable<QueueItem>;
}

/** The queue held in memory: an array read from a moving head. */
export function createMemoryQueue(initial: readonly QueueItem[] = []): QueueSource {
  const queue: (QueueItem | undefined)[] = [...initial];
  let head = 0;
  return {
    push: (item) => void queue.push(item),
    next() {
      if (head >= queue.length) return undefined;
      const item = queue[head];
      queue[head] = undefined;
      head += 1;
      // Drop consumed slots now and then so the array does not keep every item alive.
      if (head > 4096 && head * 2 > queue.length) {
        queue.splice(0, head);
        head = 0;
      }
      return item;
    },
    get pending() {
      return queue.length - head;
    },
    refill: () => Promise.resolve(),
    // Nothing is kept beyond memory.
    async *rest() {},
  };
}

export function createFrontier(options: FrontierOptions) {
  const seen: SeenUrls = options.seen ?? new Set<string>();
  const nofollowOnly = new Set<string>();
  const hosts = new Set<string>([hostKey(options.siteOrigin)]);
  const queue = options.queue ?? createMemoryQueue(options.resume?.queue);
  let siteOrigin = options.siteOrigin;
  let robots = options.robots;
  let closedReason: string | null = null;
  for (const host of options.resume?.hosts ?? []) hosts.add(host);
  for (const url of options.resume?.seen ?? []) seen.add(url);

  function isInSite(url: string): boolean {
    return isHostIn(url, hosts);
  }

  function discover(found: string | null, depth: number, flags: DiscoverFlags = {}): void {
    if (found === null) return;
    if (!isInSite(found)) {
      options.skips.add(found, 'external', `outside ${hostKey(siteOrigin)}`);
      return;
    }
    const url = upgradeScheme(found, siteOrigin);
    if (seen.has(url)) return;
    if (flags.nofollow && !options.followNofollow) {
      nofollowOnly.add(url);
      return;
    }
    seen.add(url);
    nofollowOnly.delete(url);
    if (url.length > MAX_LOC_LENGTH)
      return options.skips.add(url, 'cap', `URL longer than ${MAX_LOC_LENGTH} characters`);
    if (depth > options.maxDepth)
      return options.skips.add(url, 'cap', `more than ${options.maxDepth} links from the start page`);
    if (!robots.isAllowed(url)) return options.skips.add(url, 'robots', 'disallowed by robots.txt');
    const excludedBy = options.exclude?.(url);
    if (excludedBy) return options.skips.add(url, 'excluded', `matches the exclude pattern ${excludedBy}`);
    const extension = options.skipFileExtensions === false ? null : nonHtmlExtension(url);
    if (extension) return options.skips.add(url, 'non-html', `.${extension} file`);
    if (closedReason) return options.skips.add(url, 'cap', closedReason);
    queue.push({ url, depth, start: flags.start ?? false });
  }

  return {
    discover,
    isInSite,
    /** The one spelling the crawl uses for an in-site URL (http upgraded on an https site). */
    keyOf(url: string): string {
      return upgradeScheme(url, siteOrigin);
    },
    /** True once `url` (already in its key form) has been queued or skipped. */
    has(url: string): boolean {
      return seen.has(url);
    },
    /** Next URL to fetch held in memory, or undefined (the queue is empty, or `refill` must bring more). */
    next: (): QueueItem | undefined => queue.next(),
    /** URLs waiting, in memory or stored. */
    get pending(): number {
      return queue.pending;
    },
    /** Brings the next stored URLs into memory (`next` answered undefined while some are `pending`). */
    refill: (): Promise<void> => queue.refill(),
    /** Stops queueing: everything still waiting, and everything found later, is skipped with `reason`. */
    async close(reason: string): Promise<void> {
      if (closedReason) return;
      closedReason = reason;
      for (let item = queue.next(); item; item = queue.next()) options.skips.add(item.url, 'cap', reason);
      for await (const item of queue.rest()) options.skips.add(item.url, 'cap', reason);
    },
    /** The start page redirected: the crawl follows the site to its real origin. */
    moveSite(origin: string, policy: RobotsPolicy): void {
      siteOrigin = origin;
      hosts.add(hostKey(origin));
      robots = policy;
    },
    get siteOrigin(): string {
      return siteOrigin;
    },
    /** The hosts counted as the site (the start's, and those its redirects moved the crawl to). */
    get hosts(): string[] {
      return [...hosts];
    },
    get robots(): RobotsPolicy {
      return robots;
    },
    /** URLs only ever reached through nofollow links, reported once the crawl is over. */
    nofollowOnly(): string[] {
      return [...nofollowOnly].filter((url) => !seen.has(url));
    },
  };
}

export type Frontier = ReturnType<typeof createFrontier>;
