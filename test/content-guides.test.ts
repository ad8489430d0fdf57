import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { expect, test } from 'vitest';
import { SAMPLE_POSTS_DIR } from '#db/posts.ts';
import { pages } from '#server/pages/routes.ts';
import { countWords } from '#server/features/posts/markdown.ts';
import { parsePostFile, type PostFields } from '#server/features/posts/post-file.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { minimalProfileFile, operatorBusiness } from '#test/helpers/business.ts';

/** The shipped posts (issue 27): the six guides and the core-updates log, seeded at first boot. */
const samples: PostFields[] = readdirSync(SAMPLE_POSTS_DIR)
  .filter((file) => file.endsWith('.md'))
  .map((file) => parsePostFile(readFileSync(join(SAMPLE_POSTS_DIR, file), 'utf8')));
const guides = samples.filter((post) => post.category === 'seo-guides');
const log = samples.find((post) => post.slug === 'core-updates-log')!;
const routes = new Set(pages.map((page) => page.path));
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function mainOf(html: string): string {
  return /<main[^>]*>(.*)<\/main>/s.exec(html)?.[1] ?? '';
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
    JSON.parse(match[1]!),
  );
}

test('six guides and the core-updates log ship, each substantial, dated, distinct and sized for search snippets', () => {
  expect(guides.length).toBe(6);
  expect(log.category).toBe('google-core-updates');
  expect(new Set(samples.map((post) => post.slug)).size).toBe(samples.length);
  expect(new Set(samples.map((post) => post.title)).size).toBe(samples.length);
  for (const post of samples) {
    if (post.category === 'seo-guides') expect(countWords(post.body), post.slug).toBeGreaterThanOrEqual(600);
    expect(post.status, post.slug).toBe('published');
    expect(post.published! <= post.updated!, post.slug).toBe(true);
    expect((post.seoTitle ?? post.title).length, post.slug).toBeLessThanOrEqual(70);
    expect(post.description.length, post.slug).toBeGreaterThanOrEqual(120);
    expect(post.description.length, post.slug).toBeLessThanOrEqual(160);
  }
});

test('every guide links to at least three free tools that exist at their canonical paths', () => {
  for (const guide of guides) {
    const links = [...guide.body.matchAll(/\]\((\/[^)#\s]*)\)/g)].map((match) => match[1]!);
    expect(links.length, guide.slug).toBeGreaterThanOrEqual(3);
    for (const href of links) expect(routes.has(href), `${guide.slug} → ${href}`).toBe(true);
  }
});

test('guides cite no statistics: no percentages or "studies show" figures that nobody can check', () => {
  for (const guide of guides) {
    expect(guide.body, guide.slug).not.toMatch(
      /\d\s?%|\bper ?cent\b|studies (show|prove)|according to (a|our) (study|survey)/i,
    );
  }
});

test('the index lists every guide; each guide page shows author, dates, Article and BreadcrumbList JSON-LD, no React', async () => {
  const { app } = await createTestApp();
  // The profile lists a team: its first person signs the guides.
  const author = operatorBusiness.team![0]!;
  const index = await request(app).get('/seo-guides');
  expect(index.status).toBe(200);
  for (const guide of guides) expect(index.text).toContain(`<a href="/seo-guides/${guide.slug}">`);
  expect(index.text.match(/<li class="guide-card">/g)).toHaveLength(guides.length);
  expect(index.text).toContain(
    '<link rel="alternate" type="application/rss+xml" title="SEO guides (RSS)" href="/seo-guides/feed.xml"/>',
  );

  for (const guide of guides) {
    const res = await request(app).get(`/seo-guides/${guide.slug}`);
    expect(res.status, guide.slug).toBe(200);
    const main = mainOf(res.text);
    expect(main).toContain(`<h1>${guide.title.replace(/'/g, '&#x27;')}</h1>`);
    const published = day(guide.published!);
    expect(main).toContain(`By ${author.name}, ${author.role} · Published <time dateTime="${published}">`);
    expect(main).toMatch(/ · \d+ min read<\/p>/);
    expect(res.text).toContain(`<title>${(guide.seoTitle ?? guide.title).replace(/'/g, '&#x27;')}</title>`);
    const blocks = jsonLd(res.text);
    expect(
      blocks.find((block) => block['@type'] === 'Article'),
      guide.slug,
    ).toMatchObject({
      headline: guide.title,
      datePublished: new Date(guide.published!).toISOString(),
      dateModified: new Date(guide.updated!).toISOString(),
      author: {
        '@type': 'Person',
        name: author.name,
        jobTitle: author.role,
        worksFor: { '@type': 'Organization', name: operatorBusiness.name },
      },
      publisher: { '@type': 'Organization', name: operatorBusiness.name },
      mainEntityOfPage: `https://example.test/seo-guides/${guide.slug}`,
    });
    expect(blocks.find((block) => block['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://example.test/' },
        { position: 2, name: 'SEO guides', item: 'https://example.test/seo-guides' },
        { position: 3, name: guide.title, item: `https://example.test/seo-guides/${guide.slug}` },
      ],
    });
    expect(res.text).toContain(`<meta property="og:type" content="article"/>`);
    expect(main).toContain('<nav class="related-links" aria-label="Related posts">');
    // Content pages ship no React: no island and no client entry.
    expect(res.text).not.toMatch(/data-island|\/entry-/);
  }
});

test('every internal link on the guides, the categories and the core-updates log answers 200 without a redirect', async () => {
  const { app } = await createTestApp();
  const client = request(app);
  const seen = new Set<string>();
  const paths = [
    '/seo-guides',
    '/google-core-updates',
    '/digital-marketing',
    '/career-guidance',
    ...samples.map((post) => `/${post.category}/${post.slug}`),
  ];
  for (const path of paths) {
    const res = await client.get(path);
    expect(res.status, path).toBe(200);
    for (const match of mainOf(res.text).matchAll(/href="(\/[^"#]*)(#[^"]*)?"/g)) seen.add(match[1]!);
  }
  expect(seen.size).toBeGreaterThan(15);
  for (const href of seen) {
    const res = await client.get(href);
    expect(res.status, href).toBe(200);
  }
});

test('the sitemap lists the categories and every post with the day it last changed', async () => {
  const { app } = await createTestApp();
  const xml = (await request(app).get('/sitemap.xml')).text;
  expect(xml).toContain('<loc>https://example.test/seo-guides</loc>');
  for (const post of samples)
    expect(xml).toContain(
      `<url><loc>https://example.test/${post.category}/${post.slug}</loc><lastmod>${day(post.updated!)}</lastmod></url>`,
    );
});

test("the core-updates log is a post: the dated table, where it stops, when it was last reviewed, and Google's dashboard", async () => {
  const { app } = await createTestApp();
  const category = await request(app).get('/google-core-updates');
  expect(mainOf(category.text)).toContain('<a href="/google-core-updates/core-updates-log">');
  const res = await request(app).get('/google-core-updates/core-updates-log');
  expect(res.status).toBe(200);
  const rows = [
    ...res.text.matchAll(/<tr>\n<td>(.*?) core update<\/td>\n<td>(.*?)<\/td>\n<td>(.*?)<\/td>\n<td>(\d+) days<\/td>/g),
  ];
  expect(rows.length).toBeGreaterThanOrEqual(14);
  expect(rows[0]![1]).toBe('March 2026');
  expect(res.text).toContain(
    '<tr>\n<td>March 2024 core update</td>\n<td>5 March 2024</td>\n<td>19 April 2024</td>\n<td>45 days</td>\n</tr>',
  );
  expect(res.text).toContain('List last reviewed: 23 November 2026');
  expect(res.text).toContain('href="https://status.search.google.com/summary"');
  expect(res.text).toContain('This list stops at the March 2026 core update; for later updates');
});

test('without a team in the profile the business itself signs the guides: no person is named', async () => {
  const { app } = await createTestApp({ env: { SITE_PROFILE: minimalProfileFile() } });
  const guide = guides[0]!;
  const res = await request(app).get(`/seo-guides/${guide.slug}`);
  expect(mainOf(res.text)).toContain(`By Acme Search · Published <time dateTime="${day(guide.published!)}">`);
  const article = jsonLd(res.text).find((block) => block['@type'] === 'Article');
  expect(article).toMatchObject({ author: { '@type': 'Organization', name: 'Acme Search' } });
});
