import { Router } from 'express';
import type { AppDeps, Feature } from '#server/deps.ts';
import { postsSection } from './admin-section.ts';
import { INDEXNOW_JOB, type IndexNowInput } from './indexnow-job.ts';
import { postsPublicRouter } from './public-router.ts';
import { jobRenderer } from './render-job.ts';
import { createPostsService, type PostChange, type PostsService } from './service.ts';

/** How often the server looks for scheduled posts that went live, to ping IndexNow for them. */
export const SCHEDULE_CHECK_MS = 60_000;

/**
 * Posts (issue 27): Markdown articles in the site's four categories, their pages (through the
 * loader context), feeds, images and the sitemap's entries; the editor at /admin/posts; IndexNow
 * pings through the job system. The sample posts are added at first boot.
 */
export function postsFeature({ config, db, log, jobs }: AppDeps): Feature & { posts: PostsService } {
  // The sample business is never indexable, so it never pings.
  const indexNow = config.indexNow && !config.siteProfile.sample ? config.indexNow : null;
  const origin = config.siteUrl.replace(/\/+$/, '');

  function ping(change: PostChange): void {
    if (!indexNow) return;
    const input: IndexNowInput = { postId: change.id, urls: change.paths.map((path) => origin + path) };
    // Enqueued, never awaited by the editor: the job system retries and records the outcome.
    jobs
      .enqueue(INDEXNOW_JOB, input)
      .catch((error: unknown) => log.error({ err: error, post: change.id }, 'indexnow: could not enqueue'));
  }

  let timer: NodeJS.Timeout | undefined;
  let checkedTo = Date.now();
  let checking: Promise<void> | undefined;

  /** Pings for scheduled posts that went live since the last look (one look at a time). */
  function checkScheduled(): void {
    if (!indexNow || checking) return;
    const to = Date.now();
    checking = posts
      .wentLive(checkedTo, to)
      .then((changes) => {
        checkedTo = to;
        for (const change of changes) ping(change);
      })
      .catch((error: unknown) => log.error({ err: error }, 'indexnow: could not look for scheduled posts'))
      .finally(() => (checking = undefined));
  }

  // Scheduled posts go live on their own (pages check the time as they render): the first page
  // asked after one's time sends its ping, and a minutely look catches a site nobody visits.
  // Saves, imports and previews render their Markdown in a job thread (decision 0051).
  const posts = createPostsService({
    db,
    log,
    onChange: ping,
    onScheduledTime: checkScheduled,
    render: jobRenderer(jobs),
  });

  const keyFile = Router();
  if (indexNow)
    keyFile.get(`/${indexNow.key}.txt`, (_req, res) => {
      res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600').send(indexNow.key);
    });

  return {
    mounts: [
      { path: '/', router: keyFile },
      { path: '/', router: postsPublicRouter({ config, db, posts }) },
    ],
    // With ADMIN_PASSWORD: the editor, a section of the admin shell.
    admin: [postsSection({ config, db, log, posts })],
    prepare: () => posts.prepare(),
    start: () => {
      if (!indexNow) return;
      checkedTo = Date.now();
      timer = setInterval(checkScheduled, SCHEDULE_CHECK_MS);
      timer.unref();
    },
    stop: () => clearInterval(timer),
    posts,
  };
}
