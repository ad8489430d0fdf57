import { spawnSync } from 'node:child_process';
import { XMLParser } from 'fast-xml-parser';
import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';
import { assertValidSitemap } from '#test/helpers/sitemap-schema.ts';

function wellFormed(xml: string): void {
  const run = spawnSync('xmllint', ['--noout', '-'], { input: xml, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
}

interface Item {
  title: string;
  link: string;
  guid: string;
  pubDate: string;
  category: string;
}

function items(xml: string): Item[] {
  const channel = new XMLParser().parse(xml).rss.channel as { item?: Item | Item[] };
  return channel.item === undefined ? [] : ([] as Item[]).concat(channel.item);
}

test('/feed.xml is RSS 2.0 of every live post, newest first; each category has its own feed', async () => {
  const { app } = await createTestApp();
  const res = await request(app).get('/feed.xml');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  wellFormed(res.text);
  expect(res.text).toContain('<rss version="2.0"');
  expect(res.text).toContain('<atom:link href="https://example.test/feed.xml" rel="self" type="application/rss+xml"/>');
  const all = items(res.text);
  expect(all).toHaveLength(7);
  const times = all.map((item) => Date.parse(item.pubDate));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  for (const item of all) {
    expect(item.link).toMatch(/^https:\/\/example\.test\/(seo-guides|google-core-updates)\/[a-z0-9-]+$/);
    expect(item.guid).toBe(item.link);
  }

  const guides = await request(app).get('/seo-guides/feed.xml');
  wellFormed(guides.text);
  expect(items(guides.text).map((item) => item.category)).toEqual(Array(6).fill('SEO guides'));
  const empty = await request(app).get('/career-guidance/feed.xml');
  expect(empty.status).toBe(200);
  expect(items(empty.text)).toEqual([]);
  expect((await request(app).get('/recipes/feed.xml')).status).toBe(404);
});

test('pages link their feeds; the sitemap with posts passes the sitemaps.org schema', async () => {
  const { app } = await createTestApp();
  const page = await request(app).get('/google-core-updates/core-updates-log');
  expect(page.text).toContain(
    '<link rel="alternate" type="application/rss+xml" title="Google core updates (RSS)" href="/google-core-updates/feed.xml"/>',
  );
  expect(page.text).toContain(
    '<link rel="alternate" type="application/rss+xml" title="All posts (RSS)" href="/feed.xml"/>',
  );
  const xml = (await request(app).get('/sitemap.xml')).text;
  expect(xml).toMatch(
    /<loc>https:\/\/example\.test\/seo-guides\/core-web-vitals<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/,
  );
  assertValidSitemap(xml);
});
