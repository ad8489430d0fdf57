import type { Express } from 'express';
import type { PostsService } from '#server/features/posts/service.ts';
import type { Business } from '#views/business.ts';
import { POST_CATEGORY_IDS } from '#views/model/posts.ts';
import { resolvePage, type PageDef } from '#views/page.ts';

/** The posts service of a test app (createApp hands it over on app.locals). */
export function postsOf(app: Express): PostsService {
  return app.locals.posts as PostsService;
}

/**
 * Route-table tests ask every route for a page. A post route (`/<category>/:slug`) answers only for a
 * post that exists: this publishes one per category whose title and description are the route
 * entry's, and returns the address to ask for each route (`sample-<name>` for other parameters).
 */
export async function routeAddresses(
  app: Express,
  pages: PageDef[],
  business: Business,
): Promise<(path: string) => string> {
  const posts = postsOf(app);
  const postRoute = new Map<string, string>();
  for (const category of POST_CATEGORY_IDS) {
    const page = pages.find((entry) => entry.path === `/${category}/:slug`);
    if (!page) continue;
    const { title, description } = resolvePage(page, business);
    const slug = `route-sample-${category}`;
    await posts.create({
      title,
      description,
      slug,
      category,
      status: 'published',
      body: 'A post for the route tests.',
    });
    postRoute.set(page.path, `/${category}/${slug}`);
  }
  return (path) => postRoute.get(path) ?? path.replace(/:(\w+)/g, 'sample-$1');
}
