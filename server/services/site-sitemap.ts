/** The site's own /sitemap.xml and /robots.txt, built from the route table's canonical paths. */

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`);
}

export interface SitemapEntry {
  path: string;
  /** 0.0-1.0; omitted when the route table does not say. */
  priority?: number;
}

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const origin = siteUrl.replace(/\/+$/, '');
  const seen = new Set<string>();
  const urls = entries
    .filter((entry) => !seen.has(entry.path) && seen.add(entry.path))
    .map((entry) => {
      const priority = entry.priority === undefined ? '' : `<priority>${entry.priority.toFixed(1)}</priority>`;
      return `  <url><loc>${escapeXml(origin + entry.path)}</loc>${priority}</url>`;
    });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/** Everything is public; /api is for the pages' own calls, not for crawling. */
export function robotsTxt(siteUrl: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
