import { expect, test } from 'vitest';
import { searchSite, searchWords, type SiteIndexEntry } from './site-search.ts';

const index: SiteIndexEntry[] = [
  {
    path: '/seo-packages',
    title: 'SEO Packages and Pricing',
    description: 'Monthly SEO plans for Delhi NCR businesses.',
  },
  { path: '/sitemap-tool', title: 'XML Sitemap Generator', description: 'Crawl your site and download a sitemap.' },
  { path: '/sitemap', title: 'Sitemap', description: 'This site’s own XML sitemap.' },
  {
    path: '/seo-services-noida',
    title: 'SEO Services in Noida',
    description: 'Local SEO for Noida sectors and pricing on request.',
  },
  { path: '/about', title: 'About us', description: 'Who we are: an SEO team in Delhi.' },
  { path: '/contact-me', title: 'Contact', description: 'Write to our SEO consultants.' },
];

test('every typed word must match; title matches rank first, then shorter addresses', () => {
  expect(searchSite(index, 'sitemap').map((entry) => entry.path)).toEqual(['/sitemap', '/sitemap-tool']);
  expect(searchSite(index, 'XML generator').map((entry) => entry.path)).toEqual(['/sitemap-tool']);
  expect(searchSite(index, 'pricing').map((entry) => entry.path)).toEqual(['/seo-packages', '/seo-services-noida']);
  expect(searchSite(index, 'NOIDA')).toEqual([index[3]]);
  expect(searchSite(index, 'pricing mars')).toEqual([]);
});

test('words guessed from a mistyped address need only one match; noise words count for nothing', () => {
  expect(searchSite(index, '/seo-packagess/noida', { mode: 'any' }).map((entry) => entry.path)).toEqual([
    '/seo-packages',
    '/seo-services-noida',
  ]);
  expect(searchSite(index, '/no-such/seo-packagess', { mode: 'any' }).map((entry) => entry.path)).toEqual([
    '/seo-packages',
  ]);
  expect(searchSite(index, '/seo/sitemap', { mode: 'any' }).map((entry) => entry.path)).toEqual([
    '/sitemap',
    '/sitemap-tool',
  ]);
  expect(searchSite(index, 'the and of', { mode: 'any' })).toEqual([]);
  expect(searchSite(index, '', { mode: 'any' })).toEqual([]);
  expect(searchWords('Sitemap-Tool.html?x=1')).toEqual(['sitemap', 'tool']);
  expect(searchSite(index, 'seo', { limit: 2 })).toHaveLength(2);
});
