import { XMLParser } from 'fast-xml-parser';
import request from 'supertest';
import { expect, test } from 'vitest';
import { pages } from './routes.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { sitemapSchemaErrors } from '#test/helpers/sitemap-schema.ts';
import type { PostsService } from '#server/features/posts/service.ts';
import { robotsTxt, siteSitemapXml } from './site-files.ts';

function locs(xml: string): string[] {
  const urls = new XMLParser().parse(xml).urlset.url;
  return (Array.isArray(urls) ? urls : [urls]).map((url: { loc: string }) => url.loc);
}

test('/sitemap.xml lists every canonical route and every live post once, absolute on SITE_URL', async () => {
  const { app, config } = await createTestApp();
  const res = await request(app).get('/sitemap.xml');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  const posts = await (app.locals.posts as PostsService).summaries();
  expect(posts.length).toBeGreaterThan(0);
  expect(locs(res.text).sort()).toEqual(
    [
      ...pages.filter((page) => page.inSitemap !== false).map((page) => page.path),
      ...posts.map((post) => `/${post.category}/${post.slug}`),
    ]
      .map((path) => `${config.siteUrl}${path}`)
      .sort(),
  );
  expect(locs(res.text)).toContain('https://example.test/seo-services-delhi');
  expect(locs(res.text)).toContain('https://example.test/site-audit');
  expect(sitemapSchemaErrors(res.text)).toEqual([]);
});

test("the site's own sitemap writes <loc> through the same encoder: it passes the sitemaps.org schema whatever the path", () => {
  const xml = siteSitemapXml('https://example.test', [{ path: '/' }, { path: '/p?filter[color]=red&x={a}|b^c' }]);
  expect(locs(xml)).toEqual([
    'https://example.test/',
    'https://example.test/p?filter%5Bcolor%5D=red&x=%7Ba%7D%7Cb%5Ec',
  ]);
  expect(sitemapSchemaErrors(xml)).toEqual([]);
});

test('/robots.txt allows crawling and points at the sitemap', async () => {
  const { app } = await createTestApp();
  const res = await request(app).get('/robots.txt');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  expect(res.text).toContain('User-agent: *');
  expect(res.text).toContain('Sitemap: https://example.test/sitemap.xml');
});

test('GET /api/sitemap/file returns the same XML as text', async () => {
  const { app } = await createTestApp();
  const [file, xml] = await Promise.all([request(app).get('/api/sitemap/file'), request(app).get('/sitemap.xml')]);
  expect(file.status).toBe(200);
  expect(file.headers['content-type']).toMatch(/^text\/plain/);
  expect(file.text).toBe(xml.text);
});

test('the locality aliases and /contact spellings answer 301 to their canonical page', async () => {
  const { app } = await createTestApp();
  const expected: Record<string, string> = {
    '/contact': '/contact-me',
    '/Contact': '/contact-me',
    '/local-seo-delhi': '/seo-services-delhi',
    '/local-seo-rohini': '/seo-services-rohini',
    '/local-seo-noida': '/seo-services-noida',
    '/local-seo-laxmi-nagar': '/seo-services-laxmi-nagar',
    '/local-seo-janakpuri': '/seo-company-janakpuri',
  };
  for (const [alias, target] of Object.entries(expected)) {
    const res = await request(app).get(`${alias}?utm_source=old`);
    expect([alias, res.status, res.headers.location]).toEqual([alias, 301, `${target}?utm_source=old`]);
  }
});

test('the site sitemap lists each canonical path once as an absolute URL on the site origin', () => {
  const xml = siteSitemapXml('https://seo.example.in/', [
    { path: '/' },
    { path: '/about' },
    { path: '/about' },
    { path: '/draft', inSitemap: false },
  ]);
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  expect(locs(xml)).toEqual(['https://seo.example.in/', 'https://seo.example.in/about']);
  expect(xml).toContain('<loc>https://seo.example.in/</loc><priority>1.0</priority>');
});

test('the site sitemap escapes characters that would break the XML', () => {
  const xml = siteSitemapXml('http://localhost:3000', [{ path: "/a?b=1&c='2'" }]);
  expect(xml).toContain('/a?b=1&amp;c=&apos;2&apos;');
  expect(locs(xml)).toEqual(["http://localhost:3000/a?b=1&c='2'"]);
});

test('robots.txt allows crawling, keeps bots out of /api and points at the sitemap', () => {
  expect(robotsTxt('https://seo.example.in/')).toBe(
    'User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: https://seo.example.in/sitemap.xml\n',
  );
});
