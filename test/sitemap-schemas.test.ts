import { execFileSync } from 'node:child_process';
import { relative } from 'node:path';
import { expect, test } from 'vitest';
import { SITEMAP_SCHEMA_DIR, sitemapSchemaErrors } from '#test/helpers/sitemap-schema.ts';

const URLSET = '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
const INDEX =
  '<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';

test('the sitemaps.org schemas ship with the project: a fresh clone needs nothing beside it', () => {
  const where = relative(process.cwd(), SITEMAP_SCHEMA_DIR);
  expect(where).toBe('test/schemas/sitemaps.org');
  const tracked = execFileSync('git', ['ls-files', where], { encoding: 'utf8' }).trim().split('\n');
  expect(tracked).toEqual([`${where}/README.md`, `${where}/siteindex.xsd`, `${where}/sitemap.xsd`]);
});

test('sitemaps and sitemap indexes are checked against them, and a broken one is refused', () => {
  expect(
    sitemapSchemaErrors(`${URLSET}<url><loc>https://a.example/</loc><priority>0.5</priority></url></urlset>`),
  ).toEqual([]);
  expect(sitemapSchemaErrors(`${INDEX}<sitemap><loc>https://a.example/s.xml</loc></sitemap></sitemapindex>`)).toEqual(
    [],
  );
  expect(
    sitemapSchemaErrors(`${URLSET}<url><loc>https://a.example/</loc><priority>2</priority></url></urlset>`).join('\n'),
  ).toMatch(/priority/);
});
