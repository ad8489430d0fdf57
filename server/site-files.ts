import { Router } from 'express';
import type { PageDef } from '#views/page.ts';
import type { Config } from './config/index.ts';
import { robotsTxt, sitemapXml } from './services/site-sitemap.ts';

/**
 * /sitemap.xml, /robots.txt and GET /api/sitemap/file (the same XML as text for the /sitemap
 * viewer). Mounted by createApp rather than in api/index.ts because all three are built from the
 * route table the app was created with.
 */
export function siteFiles(pages: PageDef[], config: Config): Router {
  const xml = sitemapXml(
    config.siteUrl,
    pages.filter((page) => page.inSitemap !== false).map((page) => ({ path: page.path, priority: page.path === '/' ? 1 : undefined })),
  );
  // The sample business is never published: robots.txt shuts every crawler out.
  const robots = config.siteProfile.sample ? 'User-agent: *\nDisallow: /\n' : robotsTxt(config.siteUrl);
  const router = Router();
  router.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600').send(xml);
  });
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600').send(robots);
  });
  router.get('/api/sitemap/file', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'no-cache').send(xml);
  });
  return router;
}
