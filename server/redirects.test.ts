import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';
import { definePage, type PageDef } from '#views/page.ts';
import { createRedirectResolver, sameOriginPath } from './redirects.ts';
import { pages } from './routes.ts';

function table(...defs: Array<Pick<PageDef, 'path'> & Partial<PageDef>>): PageDef[] {
  return defs.map((def) => definePage({ title: def.path, description: def.path, navLabel: def.path, Component: () => null, ...def }));
}

test('aliases, letter-case variants and trailing slashes resolve to the route in one step', () => {
  const resolve = createRedirectResolver(table({ path: '/' }, { path: '/seo-packages', aliases: ['/pricing'] }, { path: '/PinterestDownloader' }));
  expect(resolve('/pricing')).toBe('/seo-packages');
  expect(resolve('/Pricing')).toBe('/seo-packages');
  expect(resolve('/PRICING/')).toBe('/seo-packages');
  expect(resolve('/SEO-Packages')).toBe('/seo-packages');
  expect(resolve('/seo-packages/')).toBe('/seo-packages');
  expect(resolve('/pinterestdownloader')).toBe('/PinterestDownloader');
  expect(resolve('/seo-packages')).toBeUndefined();
  expect(resolve('/PinterestDownloader')).toBeUndefined();
  expect(resolve('/')).toBeUndefined();
  expect(resolve('/no-such-page')).toBeUndefined();
  expect(resolve('/no-such-page/')).toBe('/no-such-page');
});

test('routes with parameters are left to the router; two routes differing only in case are refused', () => {
  const resolve = createRedirectResolver(table({ path: '/report/:id' }));
  expect(resolve('/Report/abc')).toBeUndefined();
  expect(resolve('/report/abc/')).toBe('/report/abc');
  expect(() => createRedirectResolver(table({ path: '/tools' }, { path: '/Tools' }))).toThrow(/differ only in letter case/);
  expect(() => createRedirectResolver(table({ path: '/a', aliases: ['/old'] }, { path: '/b', aliases: ['/OLD'] }))).toThrow(/differ only in letter case/);
});

test('the site route table folds without collisions', () => {
  expect(() => createRedirectResolver(pages)).not.toThrow();
});

test('a Location is never protocol-relative, whatever the request path', () => {
  expect(sameOriginPath('//evil.example/')).toBe('/evil.example/');
  expect(sameOriginPath('/\\evil.example')).toBe('/evil.example');
  expect(sameOriginPath('\\/evil.example')).toBe('/evil.example');
  expect(sameOriginPath('/ok')).toBe('/ok');
  const resolve = createRedirectResolver(table({ path: '/' }));
  for (const path of ['//evil.example/', '///evil.example//', '/\\evil.example/', '/\\/evil.example/']) {
    const target = resolve(path);
    expect(target, path).toMatch(/^\/[^/\\]/);
  }
});

test('over HTTP: 301 with the query string kept, and no protocol-relative Location for slash tricks', async () => {
  const { app } = createTestApp();
  const cases: Array<[string, string]> = [
    ['/tools?ref=menu', '/try-free-tools?ref=menu'],
    ['/youtubeshortsdownloader', '/YouTubeShortsDownloader'],
    ['/Seo-Audit/?url=https%3A%2F%2Fexample.com', '/seo-audit?url=https%3A%2F%2Fexample.com'],
  ];
  for (const [from, to] of cases) {
    const res = await request(app).get(from);
    expect(`${from} ${res.status} ${res.headers.location}`).toBe(`${from} 301 ${to}`);
  }
  for (const path of ['//evil.example/', '//evil.example/%2e%2e/', '/\\evil.example/', '/%5Cevil.example/']) {
    const res = await request(app).get(path);
    const location = res.headers.location as string | undefined;
    if (location !== undefined) expect(location, path).toMatch(/^\/[^/\\]/);
  }
  expect((await request(app).post('/Pricing')).status).not.toBe(301);
});
