import { Router } from 'express';
import { URLSET_CLOSE, URLSET_OPEN, urlElement, type SitemapEntry } from '#server/lib/sitemap-xml/xml.ts';
import type { PageDef } from '#views/page.ts';
import type { Config } from '#server/config/index.ts';

/**
 * The site's own files for crawlers: /sitemap.xml (every canonical route of the route table) and
 * /robots.txt. The generator tool's sitemaps of other sites are a different thing (sitemap-generator).
 */
export function siteSitemapXml(
  siteUrl: string,
  pages: ReadonlyArray<Pick<PageDef, 'path' | 'inSitemap'>>,
  extra: ReadonlyArray<{ path: string; lastmod?: string }> = [],
): string {
  const origin = siteUrl.replace(/\/+$/, '');
  const seen = new Set<string>();
  const entries: SitemapEntry[] = [];
  for (const page of pages) {
    if (page.inSitemap === false || seen.has(page.path)) continue;
    seen.add(page.path);
    entries.push({ url: origin + page.path, priority: page.path === '/' ? 1 : undefined });
  }
  for (const entry of extra) {
    if (seen.has(entry.path)) continue;
    seen.add(entry.path);
    entries.push({ url: origin + entry.path, lastmod: entry.lastmod });
  }
  return URLSET_OPEN + entries.map(urlElement).join('') + URLSET_CLOSE;
}

/** Everything is public; /api is for the pages' own calls and /admin is the operator's inbox: neither is for crawling. */
export function robotsTxt(siteUrl: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * /sitemap.xml, /robots.txt and GET /api/sitemap/file (the same XML as text for the /sitemap
 * viewer). Mounted by createApp rather than in api/index.ts because all three are built from the
 * route table the app was created with.
 */
export interface SiteFileSources {
  /** Pages outside the route table (posts), with when they last changed; asked at every request. */
  extraEntries?: () => Promise<Array<{ path: string; lastmod?: string }>>;
}

export function siteFiles(pages: PageDef[], config: Config, sources: SiteFileSources = {}): Router {
  const fixed = siteSitemapXml(config.siteUrl, pages);
  const xmlNow = async () =>
    sources.extraEntries ? siteSitemapXml(config.siteUrl, pages, await sources.extraEntries()) : fixed;
  // The sample business is never published: robots.txt shuts every crawler out.
  const robots = config.siteProfile.sample ? 'User-agent: *\nDisallow: /\n' : robotsTxt(config.siteUrl);
  const router = Router();
  router.get('/sitemap.xml', async (_req, res) => {
    res
      .type('application/xml')
      .setHeader('Cache-Control', 'public, max-age=3600')
      .send(await xmlNow());
  });
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600').send(robots);
  });
  router.get('/api/sitemap/file', async (_req, res) => {
    res
      .type('text/plain')
      .setHeader('Cache-Control', 'no-cache')
      .send(await xmlNow());
  });
  return router;
}
