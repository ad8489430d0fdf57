import type { AppDeps, Feature } from '#server/deps.ts';
import { adminPostsRouter } from './admin-router.ts';
import { postsPublicRouter } from './public-router.ts';
import { createPostsService, type PostsService } from './service.ts';

/**
 * Posts (issue 27): Markdown articles in the site's four categories, their pages (through the
 * loader context), feeds, images and the sitemap's entries. The sample posts are added at first boot.
 */
export function postsFeature({ config, db, log, assets }: AppDeps): Feature & { posts: PostsService } {
  const posts = createPostsService({ db, log });
  return {
    mounts: [
      { path: '/', router: postsPublicRouter({ config, db, posts }) },
      // With ADMIN_PASSWORD: the editor, behind the inbox's sign-in (mounted before the inbox's /admin).
      ...(config.admin
        ? [{ path: '/admin/posts', router: adminPostsRouter({ config, db, log, posts, css: assets.css }) }]
        : []),
    ],
    prepare: () => posts.prepare(),
    posts,
  };
}
