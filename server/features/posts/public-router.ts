import { Router, type Response } from 'express';
import { imageFile } from '#db/posts.ts';
import type { Db } from '#db/index.ts';
import type { Config } from '#server/config/index.ts';
import { POST_CATEGORY_IDS, postAuthor, type PostCategory } from '#views/model/posts.ts';
import { rssFeed } from './feeds.ts';
import type { PostsService } from './service.ts';

const CATEGORIES = new Set<string>(POST_CATEGORY_IDS);
const IMAGE_FILE = /^([0-9a-f]{32})-(\d{1,4})\.(avif|webp)$/;

/** The posts' public files: RSS feeds (all posts, and per category) and uploaded images. */
export function postsPublicRouter({ config, db, posts }: { config: Config; db: Db; posts: PostsService }): Router {
  const router = Router();
  const { business } = config.siteProfile;

  async function feed(category: PostCategory | null): Promise<string> {
    const live = (await posts.summaries()).filter((post) => category === null || post.category === category);
    return rssFeed({
      siteUrl: config.siteUrl,
      siteName: business.name,
      category,
      description: category
        ? `New posts in ${category.replace(/-/g, ' ')} from ${business.name}.`
        : `Guides, articles and Google core update news from ${business.name}.`,
      posts: live,
      authorOf: (post) => postAuthor(business, post.author).name,
    });
  }

  function sendFeed(res: Response, xml: string): void {
    res.type('application/rss+xml; charset=utf-8').setHeader('Cache-Control', 'no-cache').send(xml);
  }

  router.get('/feed.xml', async (_req, res) => {
    sendFeed(res, await feed(null));
  });
  router.get('/:category/feed.xml', async (req, res, next) => {
    if (!CATEGORIES.has(req.params.category)) return next();
    sendFeed(res, await feed(req.params.category as PostCategory));
  });
  router.get('/media/posts/:file', async (req, res, next) => {
    const match = IMAGE_FILE.exec(req.params.file);
    const body = match ? await imageFile(db, match[1]!, Number(match[2]), match[3]!) : undefined;
    if (!body) return next();
    // A rendition never changes: a new upload gets a new id.
    res.type(`image/${match![3]}`).setHeader('Cache-Control', 'public, max-age=31536000, immutable').send(body);
  });
  return router;
}
