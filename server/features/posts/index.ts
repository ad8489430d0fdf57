import { Router } from 'express';
import type { AppDeps, Feature } from '#server/deps.ts';
import { postsSection } from './admin-section.ts';
import { INDEXNOW_JOB, queueLivePings, type IndexNowInput } from './indexnow-job.ts';
import { postsPublicRouter } from './public-router.ts';
import { jobRenderer } from './render-job.ts';
import { createPostsService, type PostChange, type PostsService } from './service.ts';

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

  /**
   * A page saw a scheduled post go live: its ping is queued now, at the time the page was served (not
   * at the repeatable look's next minute, which catches a site nobody visits).
   */
  function checkScheduled(): void {
    if (!indexNow) return;
    queueLivePings({ db, config, jobs }, Date.now()).catch((error: unknown) =>
      log.error({ err: error }, 'indexnow: could not look for scheduled posts'),
    );
  }

  // Scheduled posts go live on their own (pages check the time as they render): the first page
  // asked after one's time queues its ping, and a look, a repeatable job (indexnow-job.ts), runs
  // every minute for a site nobody visits.
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
    posts,
  };
}
