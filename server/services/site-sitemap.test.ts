import { XMLParser } from 'fast-xml-parser';
import { expect, test } from 'vitest';
import { robotsTxt, sitemapXml } from '#server/services/site-sitemap.ts';

function locs(xml: string): string[] {
  const parsed = new XMLParser().parse(xml);
  const urls = parsed.urlset.url;
  return (Array.isArray(urls) ? urls : [urls]).map((url: { loc: string }) => url.loc);
}

test('lists each canonical path once as an absolute URL on the site origin', () => {
  const xml = sitemapXml('https://seo.example.in/', [{ path: '/' }, { path: '/about', priority: 0.8 }, { path: '/about' }]);
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  expect(locs(xml)).toEqual(['https://seo.example.in/', 'https://seo.example.in/about']);
  expect(xml).toContain('<priority>0.8</priority>');
});

test('escapes characters that would break the XML', () => {
  const xml = sitemapXml('http://localhost:3000', [{ path: "/a?b=1&c='2'" }]);
  expect(xml).toContain('/a?b=1&amp;c=&apos;2&apos;');
  expect(locs(xml)).toEqual(["http://localhost:3000/a?b=1&c='2'"]);
});

test('robots.txt allows crawling, keeps bots out of /api and points at the sitemap', () => {
  expect(robotsTxt('https://seo.example.in/')).toBe(
    'User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: https://seo.example.in/sitemap.xml\n',
  );
});
