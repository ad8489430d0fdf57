import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { auditPage, html } from '#test/fixtures/audit-pages.ts';
import { serveFixture, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { readEventStream } from '#test/helpers/event-stream.ts';

/** Two pages loading one script and one stylesheet, and a script that is missing. */
const site: FixtureSite = (path) => {
  const head = '<link rel="stylesheet" href="/s.css"><script src="/a.js" defer></script>';
  if (path === '/') return html(auditPage('/', { head, links: ['/about'] }));
  if (path === '/about') return html(auditPage('/about', { head: `${head}<script src="/gone.js" defer></script>` }));
  if (path === '/a.js') return { status: 200, headers: { 'content-type': 'text/javascript' }, body: 'void 0;' };
  if (path === '/s.css') return { status: 200, headers: { 'content-type': 'text/css' }, body: 'p{margin:0}' };
  return undefined;
};

describe.each(DIALECTS)('%s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const made of apps.splice(0)) await made.close();
  });

  test('scripts and stylesheets are listed as resources, not pages, and the page count counts pages', async () => {
    const served = await serveFixture(site);
    try {
      const made = await createTestApp({ dialect, env: { FETCH_ALLOW_PRIVATE: served.hostPort } });
      apps.push(made);
      const { app } = made;
      const started = await request(app)
        .post('/api/site-audits')
        .send({ url: `${served.origin}/` });
      await readEventStream(app, `/api/site-audits/${started.body.id}/events`);
      const base = `/api/site-audits/${started.body.id}`;
      const paths = (rows: Array<{ url: string }>) => rows.map((row) => row.url.slice(served.origin.length)).sort();

      const summary = (await request(app).get(base)).body.summary;
      expect({ pages: summary.pages, resources: summary.resources }).toEqual({ pages: 2, resources: 3 });
      const pages = (await request(app).get(`${base}/pages`)).body;
      expect({ total: pages.total, urls: paths(pages.pages) }).toEqual({ total: 2, urls: ['/', '/about'] });

      const resources = (await request(app).get(`${base}/resources`)).body;
      expect({ total: resources.total, urls: paths(resources.pages) }).toEqual({
        total: 3,
        urls: ['/a.js', '/gone.js', '/s.css'],
      });
      const byPath = new Map(
        resources.pages.map((row: { url: string; facts: object }) => [row.url.slice(served.origin.length), row.facts]),
      );
      expect(byPath.get('/a.js')).toMatchObject({ status: 200, loadedAs: 'script', loadedBy: 2, bytes: 7 });
      expect(byPath.get('/s.css')).toMatchObject({ status: 200, loadedAs: 'stylesheet', loadedBy: 2 });
      expect(byPath.get('/gone.js')).toMatchObject({ status: 404, loadedAs: 'script', loadedBy: 1 });

      // The resource checks name the missing script; the issue filter finds it in the resources list only.
      const broken = (await request(app).get(`${base}/resources?issue=status-4xx`)).body;
      expect(paths(broken.pages)).toEqual(['/gone.js']);
      expect((await request(app).get(`${base}/pages?issue=status-4xx`)).body.total).toBe(0);
    } finally {
      await served.close();
    }
  });
});
