import request from 'supertest';
import { expect, test } from 'vitest';
import { pages } from '#server/pages/routes.ts';
import { coreUpdates, LAST_REVIEWED, rolloutDays } from '#views/pages/google-core-updates/updates.ts';
import { guides, wordCount } from '#views/pages/seo-guides/guides.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { minimalProfileFile, operatorBusiness } from '#test/helpers/business.ts';

const routes = new Set(pages.map((page) => page.path));
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

function mainOf(html: string): string {
  return /<main[^>]*>(.*)<\/main>/s.exec(html)?.[1] ?? '';
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
    JSON.parse(match[1]),
  );
}

test('at least six guides, each substantial, dated, distinct and sized for search snippets', () => {
  expect(guides.length).toBeGreaterThanOrEqual(6);
  expect(new Set(guides.map((guide) => guide.slug)).size).toBe(guides.length);
  expect(new Set(guides.map((guide) => guide.title)).size).toBe(guides.length);
  for (const guide of guides) {
    expect(wordCount(guide), guide.slug).toBeGreaterThanOrEqual(600);
    expect(isDay(guide.published) && isDay(guide.reviewed), guide.slug).toBe(true);
    expect(guide.reviewed >= guide.published, guide.slug).toBe(true);
    expect(guide.title.length, guide.slug).toBeLessThanOrEqual(70);
    expect(guide.description.length, guide.slug).toBeGreaterThanOrEqual(120);
    expect(guide.description.length, guide.slug).toBeLessThanOrEqual(160);
    expect(new Set(guide.sections.map((section) => section.id)).size, guide.slug).toBe(guide.sections.length);
  }
});

test('every guide links to free tools that exist at their canonical paths, and to related guides that exist', () => {
  for (const guide of guides) {
    expect(guide.tools.length, guide.slug).toBeGreaterThanOrEqual(3);
    for (const tool of guide.tools) expect(routes.has(tool.href), `${guide.slug} → ${tool.href}`).toBe(true);
    expect(guide.related.length, guide.slug).toBeGreaterThanOrEqual(1);
    for (const slug of guide.related) {
      expect(slug, guide.slug).not.toBe(guide.slug);
      expect(routes.has(`/seo-guides/${slug}`), `${guide.slug} → ${slug}`).toBe(true);
    }
  }
});

test('guides cite no statistics: no percentages or "studies show" figures that nobody can check', () => {
  for (const guide of guides) {
    const text = JSON.stringify(guide.sections);
    expect(text, guide.slug).not.toMatch(
      /\d\s?%|\bper ?cent\b|studies (show|prove)|according to (a|our) (study|survey)/i,
    );
  }
});

test('the index lists every guide with its dates, and each guide page shows author, dates and Article JSON-LD', async () => {
  const { app } = await createTestApp();
  // The profile lists a team: its first person signs the guides.
  const author = operatorBusiness.team![0]!;
  const index = await request(app).get('/seo-guides');
  expect(index.status).toBe(200);
  for (const guide of guides) expect(index.text).toContain(`<a href="/seo-guides/${guide.slug}">`);
  expect(index.text.match(/<li class="guide-card">/g)).toHaveLength(guides.length);

  for (const guide of guides) {
    const res = await request(app).get(`/seo-guides/${guide.slug}`);
    expect(res.status, guide.slug).toBe(200);
    const main = mainOf(res.text);
    expect(main).toContain(`<h1>${guide.heading.replace(/'/g, '&#x27;')}</h1>`);
    expect(main).toContain(`By ${author.name}, ${author.role} · Published <time dateTime="${guide.published}">`);
    expect(main).toContain(`Reviewed <time dateTime="${guide.reviewed}">`);
    const article = jsonLd(res.text).find((block) => block['@type'] === 'Article');
    expect(article, guide.slug).toMatchObject({
      headline: guide.heading,
      datePublished: guide.published,
      dateModified: guide.reviewed,
      author: {
        '@type': 'Person',
        name: author.name,
        jobTitle: author.role,
        worksFor: { '@type': 'Organization', name: operatorBusiness.name },
      },
      publisher: { '@type': 'Organization', name: operatorBusiness.name },
    });
    expect(res.text).toContain(`<meta property="og:type" content="article"/>`);
    // Content pages ship no React: no island and no client entry.
    expect(res.text).not.toMatch(/data-island|\/entry-/);
  }
});

test('every internal link on the guides, the index and the core-updates log answers 200 without a redirect', async () => {
  const { app } = await createTestApp();
  const client = request(app);
  const seen = new Set<string>();
  for (const path of ['/seo-guides', '/google-core-updates', ...guides.map((guide) => `/seo-guides/${guide.slug}`)]) {
    const res = await client.get(path);
    for (const match of mainOf(res.text).matchAll(/href="(\/[^"#]*)(#[^"]*)?"/g)) seen.add(match[1]);
  }
  expect(seen.size).toBeGreaterThan(15);
  for (const href of seen) {
    const res = await client.get(href);
    expect(res.status, href).toBe(200);
  }
});

test('the sitemap lists the index and every guide', async () => {
  const { app } = await createTestApp();
  const xml = (await request(app).get('/sitemap.xml')).text;
  expect(xml).toContain('<loc>https://example.test/seo-guides</loc>');
  for (const guide of guides) expect(xml).toContain(`<loc>https://example.test/seo-guides/${guide.slug}</loc>`);
});

test('the core-updates log lists only complete rollouts, newest first, with plausible durations', () => {
  expect(new Set(coreUpdates.map((update) => update.name)).size).toBe(coreUpdates.length);
  for (const [index, update] of coreUpdates.entries()) {
    expect(isDay(update.started) && isDay(update.completed), update.name).toBe(true);
    expect(rolloutDays(update), update.name).toBeGreaterThan(0);
    expect(rolloutDays(update), update.name).toBeLessThanOrEqual(60);
    if (index > 0) expect(update.started < coreUpdates[index - 1].started, update.name).toBe(true);
    expect(update.completed <= LAST_REVIEWED, update.name).toBe(true);
  }
  expect(rolloutDays({ name: 'March 2024 core update', started: '2024-03-05', completed: '2024-04-19' })).toBe(45);
});

test("the core-updates page shows the dated log, where it stops, when it was last reviewed, and links to Google's dashboard", async () => {
  const { app } = await createTestApp();
  const res = await request(app).get('/google-core-updates');
  expect(res.status).toBe(200);
  const rows = [
    ...res.text.matchAll(
      /<tr><th scope="row">(.*?)<\/th><td data-label="Started"><time dateTime="([\d-]+)">.*?<\/time><\/td><td data-label="Completed"><time dateTime="([\d-]+)">.*?<\/time><\/td><td data-label="Rollout">(\d+ days)<\/td><\/tr>/g,
    ),
  ];
  expect(rows.map((row) => [row[1], row[2], row[3]])).toEqual(
    coreUpdates.map((update) => [update.name, update.started, update.completed]),
  );
  expect(res.text).toContain(
    'March 2024 core update</th><td data-label="Started"><time dateTime="2024-03-05">5 March 2024</time></td><td data-label="Completed"><time dateTime="2024-04-19">19 April 2024</time></td><td data-label="Rollout">45 days</td>',
  );
  expect(res.text).toContain(`List last reviewed: <time dateTime="${LAST_REVIEWED}">`);
  expect(res.text).toContain('href="https://status.search.google.com/summary"');
  expect(res.text).toContain('This list stops at the March 2026 core update; for later updates');
});

test('without a team in the profile the business itself signs the guides: no person is named', async () => {
  const { app } = await createTestApp({ env: { SITE_PROFILE: minimalProfileFile() } });
  const guide = guides[0]!;
  const res = await request(app).get(`/seo-guides/${guide.slug}`);
  expect(mainOf(res.text)).toContain(`By Acme Search · Published <time dateTime="${guide.published}">`);
  const article = jsonLd(res.text).find((block) => block['@type'] === 'Article');
  expect(article).toMatchObject({ author: { '@type': 'Organization', name: 'Acme Search' } });
});
