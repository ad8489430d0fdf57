import { bumpPostsVersion, readPostsVersion, upcomingTimes } from '#db/posts.ts';
import type { Db } from '#db/index.ts';
import type { Logger } from '#server/lib/logger.ts';

/** How often a process looks whether another one saved a post (its cached pages are then dropped). */
export const VERSION_CHECK_MS = 5_000;

/**
 * The posts' revision for the page cache: it changes whenever what the public sees may have changed
 * (a save or delete here, a save in another process seen through the version mark, a scheduled
 * post's time passing), so cached pages are rendered afresh exactly then.
 */
export function createRevision({
  db,
  log,
  now,
  onScheduledTime,
}: {
  db: Db;
  log: Logger;
  now: () => number;
  /** Told when the first page asked after a scheduled post's time sees it (its IndexNow ping follows). */
  onScheduledTime?: () => void;
}) {
  let writes = 0;
  // Publication times still to come: each one passing changes the pages, as a save does.
  let upcoming: number[] = [];
  let seenPassed = 0;
  // Saves in other web processes (PostgreSQL): seen through the posts' version mark, read at most
  // every VERSION_CHECK_MS while pages are asked for.
  let seenVersion: string | undefined;
  let elsewhere = 0;
  let versionCheckedAt = -Infinity;
  let versionCheck: Promise<void> | undefined;

  async function refreshUpcoming(): Promise<void> {
    upcoming = await upcomingTimes(db, now());
    seenPassed = 0;
  }

  function checkVersion(at: number): void {
    if (versionCheck || at - versionCheckedAt < VERSION_CHECK_MS) return;
    versionCheckedAt = at;
    versionCheck = readPostsVersion(db)
      .then(async (version) => {
        if (seenVersion !== undefined && version !== seenVersion) {
          elsewhere++;
          await refreshUpcoming();
        }
        seenVersion = version;
      })
      .catch((error: unknown) => log.error({ err: error }, 'posts: could not read the posts version'))
      .finally(() => (versionCheck = undefined));
  }

  return {
    refreshUpcoming,
    /** Changes whenever what the public sees may have changed: a save, a delete, a scheduled time passing. */
    revision(): number {
      const at = now();
      let passed = 0;
      while (passed < upcoming.length && upcoming[passed]! <= at) passed++;
      if (passed > seenPassed) {
        seenPassed = passed;
        onScheduledTime?.();
      }
      checkVersion(at);
      return (writes + elsewhere) * 1_000_000 + passed;
    },
    /** After a write: cached pages are stale, and the scheduled times may have changed. */
    async changed(): Promise<void> {
      writes++;
      seenVersion = await bumpPostsVersion(db);
      await refreshUpcoming().catch((error: unknown) =>
        log.error({ err: error }, 'posts: could not read scheduled times'),
      );
    },
    /** Settles once the look at the version mark under way (started by revision()), if any, has ended. */
    versionChecked: (): Promise<void> => versionCheck ?? Promise.resolve(),
  };
}
