import { escapeXml } from '#server/lib/sitemap-xml/xml.ts';
import { categoryLabel, postPath, type PostSummary } from '#views/model/posts.ts';

/** Items in a feed: the newest posts. */
export const FEED_ITEMS = 20;

export interface FeedOptions {
  siteUrl: string;
  siteName: string;
  /** Null: every category (/feed.xml). */
  category: string | null;
  description: string;
  posts: PostSummary[];
  /** Who signs each item (the profile's team or the business). */
  authorOf: (post: PostSummary) => string;
}

/** RSS 2.0 (with atom:link rel="self", as the RSS Advisory Board recommends); newest first. */
export function rssFeed({ siteUrl, siteName, category, description, posts, authorOf }: FeedOptions): string {
  const origin = siteUrl.replace(/\/+$/, '');
  const self = `${origin}${category ? `/${category}` : ''}/feed.xml`;
  const link = `${origin}${category ? `/${category}` : '/'}`;
  const title = category ? `${categoryLabel(category)} – ${siteName}` : siteName;
  const newest = posts.reduce((latest, post) => Math.max(latest, post.updatedAt), 0);
  const items = posts.slice(0, FEED_ITEMS).map((post) => {
    const url = `${origin}${postPath(post)}`;
    return [
      '<item>',
      `<title>${escapeXml(post.title)}</title>`,
      `<link>${escapeXml(url)}</link>`,
      `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `<description>${escapeXml(post.description)}</description>`,
      `<dc:creator>${escapeXml(authorOf(post))}</dc:creator>`,
      `<category>${escapeXml(categoryLabel(post.category))}</category>`,
      `<pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${escapeXml(title)}</title>`,
    `<link>${escapeXml(link)}</link>`,
    `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    `<description>${escapeXml(description)}</description>`,
    '<language>en-IN</language>',
    ...(newest ? [`<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
