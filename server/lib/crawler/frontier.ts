import { hostKey, nonHtmlExtension, upgradeScheme } from './normalize.ts';
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
}

export interface FrontierResume {
  hosts: readonly string[];
  seen: Iterable<string>;
  queue: readonly QueueItem[];
}

export function createFrontier(options: FrontierOptions) {
  const seen = new Set<string>();
  const nofollowOnly = new Set<string>();
  const hosts = new Set<string>([hostKey(options.siteOrigin)]);
  const queue: (QueueItem | undefined)[] = [];
  let head = 0;
  let siteOrigin = options.siteOrigin;
  let robots = options.robots;
  let closedReason: string | null = null;
  for (const host of options.resume?.hosts ?? []) hosts.add(host);
  for (const url of options.resume?.seen ?? []) seen.add(url);
  queue.push(...(options.resume?.queue ?? []));

  function isInSite(url: string): boolean {
    return hosts.has(hostKey(url));
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
    /** Next URL to fetch, or undefined when the queue is empty. */
    next(): QueueItem | undefined {
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
    get pending(): number {
      return queue.length - head;
    },
    /** Stops queueing: everything still waiting, and everything found later, is skipped with `reason`. */
    close(reason: string): void {
      if (closedReason) return;
      closedReason = reason;
      for (let item = this.next(); item; item = this.next()) options.skips.add(item.url, 'cap', reason);
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
