import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { serveFixture, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { sitemapOptionsSite } from '#test/fixtures/sitemap-options-site.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { parseSitemapXml } from '#test/helpers/sitemap-xml.ts';
import { defaultSitemapOptions } from '#views/model/sitemap-options.ts';
import { crawlJobId } from './job.ts';

/** The options site, each page slowed a little so two requests made together meet while it is crawled. */
const slowOptionsSite: FixtureSite = (path, origin) => {
  const answer = sitemapOptionsSite(path, origin);
  return answer && path !== '/robots.txt' && !answer.destroy ? { ...answer, delayMs: 30 } : answer;
};

test('a crawl with the default options keeps the job id it had before options; other options get their own', () => {
  const start = 'https://example.com/';
  const defaults = defaultSitemapOptions(5000);
  expect(crawlJobId(start, defaults, 5000)).toBe(crawlJobId(start));
  expect(crawlJobId(start, { ...defaults, maxPages: 10 }, 5000)).not.toBe(crawlJobId(start));
  expect(crawlJobId(start, { ...defaults, include: ['/a/'] }, 5000)).not.toBe(
    crawlJobId(start, { ...defaults, exclude: ['/a/'] }, 5000),
  );
});

describe.each(DIALECTS)('%s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const made of apps.splice(0)) await made.close();
  });

  async function appFor(allow: string[], env: Record<string, string> = {}): Promise<TestApp> {
    const made = await createTestApp({ dialect, env: { FETCH_ALLOW_PRIVATE: allow.join(','), ...env } });
    apps.push(made);
    return made;
  }

  test('POST /api/sitemaps with options: the XML, the report with its options and broken links, the HTML sitemap', async () => {
    const site = await serveFixture(sitemapOptionsSite);
    try {
      const { app } = await appFor([site.hostPort]);
      const res = await request(app)
        .post('/api/sitemaps')
        .send({ url: `${site.origin}/`, include: ['/blog/'], includeNoindex: true, hreflang: false });
      expect(res.status).toBe(200);
      expect(res.body.report.options).toEqual({
        maxPages: 5000,
        include: ['/blog/'],
        exclude: [],
        includeNoindex: true,
        includeNonCanonical: false,
        images: true,
        hreflang: false,
      });
      expect(res.body.record.pages).toBe(4);
      const xml = await request(app).get(res.body.sitemap);
      const byLoc = (a: { loc: string }, b: { loc: string }) => (a.loc < b.loc ? -1 : 1);
      expect(parseSitemapXml(xml.text).entries.sort(byLoc)).toEqual([
        { loc: `${site.origin}/blog/` },
        { loc: `${site.origin}/blog/draft` },
        {
          loc: `${site.origin}/blog/post-1`,
          images: [`${site.origin}/blog/photo%20one.jpg`, `${site.origin}/img/a&b.png`],
        },
        { loc: `${site.origin}/blog/post-2` },
      ]);
      expect(res.body.report.brokenLinks.map((link: { source: string; target: string }) => link.target)).toEqual([
        `${site.origin}/gone`,
        `${site.origin}/missing`,
        `${site.origin}/missing`,
        `${site.origin}/reset`,
        `${site.origin}/server-error`,
        `${site.origin}/server-error`,
      ]);

      expect(res.body.report.htmlSitemap).toBe(res.body.sitemap.replace(/\.xml$/, '.html'));
      const html = await request(app).get(res.body.report.htmlSitemap);
      expect(html.status).toBe(200);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html.headers['x-robots-tag']).toBe('noindex');
      expect([...html.text.matchAll(/<li><a href="(http[^"]+)">/g)].map((match) => match[1])).toEqual([
        `${site.origin}/blog/`,
        `${site.origin}/blog/draft`,
        `${site.origin}/blog/post-1`,
        `${site.origin}/blog/post-2`,
      ]);
      const saved = await request(app).get(`${res.body.report.htmlSitemap}?download=1`);
      expect(saved.headers['content-disposition']).toBe('attachment; filename="sitemap.html"');
      expect(saved.text).toBe(html.text);

      const stored = await request(app).get(`/api/sitemaps/${res.body.record._id}`);
      expect(stored.body.report).toEqual(res.body.report);
    } finally {
      await site.close();
    }
  });

  test('requests with the same options join one crawl; other options get a crawl of their own', async () => {
    const site = await serveFixture(slowOptionsSite);
    try {
      const { app } = await appFor([site.hostPort]);
      const post = (body: object) =>
        request(app)
          .post('/api/sitemaps')
          .send({ url: `${site.origin}/`, ...body });
      const [first, same, other] = await Promise.all([
        post({ exclude: ['/gallery'] }),
        post({ exclude: ['/gallery'], images: true }),
        post({ exclude: ['/gallery'], maxPages: 3 }),
      ]);
      expect([first.status, same.status, other.status]).toEqual([200, 200, 200]);
      expect(same.body.sitemap).toBe(first.body.sitemap);
      expect(other.body.sitemap).not.toBe(first.body.sitemap);
      expect(other.body.report.stoppedBy).toBe('page-limit');
      // The crawl of three requests (robots.txt, /, /about) never reaches /blog/; the one both others joined does, once.
      expect(site.requests.filter((entry) => entry.path === '/blog/')).toHaveLength(1);
    } finally {
      await site.close();
    }
  });

  test('bad options answer 400 with a message and start no crawl', async () => {
    const { app } = await appFor([], { SITEMAP_MAX_PAGES: '50' });
    const url = 'https://example.com/';
    const cases: [object, string][] = [
      [{ maxPages: 51 }, 'The page limit must be at most 50.'],
      [{ maxPages: 0 }, 'The page limit must be at least 1.'],
      [{ maxPages: 'lots' }, 'The page limit must be a whole number.'],
      [{ include: ['blog/'] }, 'Include pattern 1 ("blog/") must start with / (a path such as /blog/).'],
      [
        { exclude: ['/ok/', '/a b'] },
        'Exclude pattern 2 ("/a b") may only hold the characters of a URL path (no spaces, quotes or #).',
      ],
      [{ exclude: Array.from({ length: 21 }, (_, i) => `/p${i}/`) }, 'Exclude patterns: at most 20, one per line.'],
      [{ include: [`/${'x'.repeat(200)}`] }, 'Include patterns may be at most 200 characters each.'],
      [{ include: '/blog/' }, 'Include patterns must be a list of paths such as /blog/.'],
      [{ includeNoindex: 'true' }, 'includeNoindex must be true or false.'],
      [{ maxpages: 5 }, 'Unexpected field: maxpages'],
    ];
    for (const [options, error] of cases) {
      const res = await request(app)
        .post('/api/sitemaps')
        .send({ url, ...options });
      expect({ options, status: res.status, body: res.body }).toEqual({ options, status: 400, body: { error } });
    }
    const progress = await request(app).get('/api/sitemaps/progress').query({ url, include: 'blog' });
    expect([progress.status, progress.body]).toEqual([
      400,
      { error: 'Include pattern 1 ("blog") must start with / (a path such as /blog/).' },
    ]);
    const tooMany = await request(app).get('/api/sitemaps/progress').query({ url, maxPages: '51' });
    expect([tooMany.status, tooMany.body]).toEqual([400, { error: 'The page limit must be at most 50.' }]);
    expect((await request(app).get('/api/sitemaps')).body).toEqual([]);
  });
});
