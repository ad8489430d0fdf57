import request from 'supertest';
import { expect, test } from 'vitest';
import { pages } from '#server/pages/routes.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { routeAddresses } from '#test/helpers/posts.ts';

/** The app as `npm start` runs it out of the box: no SITE_PROFILE, so the shipped sample. */
const sampleApp = () => createTestApp({ env: { SITE_PROFILE: '' } });

const robotsMeta = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1];

test('sample mode: every page is noindex, nofollow in the page and the header, on first render and from the cache', async () => {
  const { app, config } = await sampleApp();
  const addressOf = await routeAddresses(app, pages, config.siteProfile.business);
  for (const { path: route } of pages) {
    const path = addressOf(route);
    const rendered = await request(app).get(path); // through Express
    const cached = await request(app).get(path); // the fast path, for pages in the cache
    for (const res of [rendered, cached]) {
      expect(res.status, path).toBe(200);
      expect(res.headers['x-robots-tag'], path).toBe('noindex');
      expect(robotsMeta(res.text), path).toBe('noindex, nofollow');
    }
  }
});

test('sample mode: a slim notice beginning "Sample business details" tops every page and says how to set SITE_PROFILE', async () => {
  const { app } = await sampleApp();
  for (const path of ['/', '/contact-me', '/seo-audit', '/no-such-page']) {
    const html = (await request(app).get(path)).text;
    const body = html.slice(html.indexOf('<body>'));
    const notice = /<p class="sample-notice" role="note">(.*?)<\/p>/.exec(body)?.[1] ?? '';
    expect(notice.replace(/<[^>]+>/g, ''), path).toMatch(
      /^Sample business details: .*set SITE_PROFILE to the path of your business profile file/,
    );
    // Above everything else: straight after the skip link, before the header.
    expect(body.indexOf('sample-notice'), path).toBeLessThan(body.indexOf('<header'));
  }
});

test('sample mode: X-Robots-Tag on every kind of response, Express and fast path alike', async () => {
  const { app } = await sampleApp();
  const html = (await request(app).get('/')).text;
  const css = /href="(\/assets\/styles-[^"]+\.css)"/.exec(html)![1];
  const paths: Array<[string, 'get' | 'post']> = [
    [css, 'get'], // hashed asset, fast path
    ['/favicon.ico', 'get'], // public file, fast path
    ['/manifest.webmanifest', 'get'],
    ['/api/try-free-tools/list', 'get'], // API
    ['/api/nothing-here', 'get'], // API 404
    ['/api/contact', 'post'], // API 400
    ['/no-such-page', 'get'], // page 404
    ['/healthz', 'get'],
    ['/sitemap.xml', 'get'],
    ['/CommaSeparatorTool', 'get'], // redirect
  ];
  for (const [path, method] of paths) {
    const res = method === 'get' ? await request(app).get(path) : await request(app).post(path).send({});
    expect([path, res.headers['x-robots-tag']]).toEqual([path, 'noindex']);
  }
});

test('sample mode: robots.txt shuts every crawler out', async () => {
  const res = await request((await sampleApp()).app).get('/robots.txt');
  expect(res.status).toBe(200);
  expect(res.text).toBe('User-agent: *\nDisallow: /\n');
});

test('with a real profile: pages are indexable, no notice, no X-Robots-Tag, robots.txt allows crawling', async () => {
  const { app } = await createTestApp();
  for (const path of ['/', '/', '/contact-me']) {
    const res = await request(app).get(path);
    expect(res.headers['x-robots-tag']).toBeUndefined();
    expect(robotsMeta(res.text)).toBe('index, follow');
    expect(res.text).not.toContain('Sample business details');
  }
  expect((await request(app).get('/api/try-free-tools/list')).headers['x-robots-tag']).toBeUndefined();
  const robots = (await request(app).get('/robots.txt')).text;
  expect(robots).toContain('Allow: /');
  expect(robots).not.toMatch(/^Disallow: \/$/m);
});
