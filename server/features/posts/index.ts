import type { AppDeps, Feature } from '#server/deps.ts';
import { postsPublicRouter } from './public-router.ts';
import { createPostsService, type PostsService } from './service.ts';

/**
 * Posts (issue 27): Markdown articles in the site's four categories, their pages (through the
 * loader context), feeds, images and the sitemap's entries. The sample posts are added at first boot.
 */
export function postsFeature({ config, db, log }: AppDeps): Feature & { posts: PostsService } {
  const posts = createPostsService({ db, log });
  return {
    mounts: [{ path: '/', router: postsPublicRouter({ config, db, posts }) }],
    prepare: () => posts.prepare(),
    posts,
  };
}
