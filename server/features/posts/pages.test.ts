import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { validateStructuredData } from '#server/lib/structured-data/validate.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { postsOf } from '#test/helpers/posts.ts';
import type { PostFieldsInput } from './post-file.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const jsonLd = (html: string): Array<Record<string, unknown>> =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

const fields = (overrides: Partial<PostFieldsInput> = {}): PostFieldsInput => ({
  title: 'Local SEO for clinics',
  slug: 'local-seo-for-clinics',
  category: 'seo-guides',
  description: 'How a clinic in Delhi NCR gets found on Google Maps and in local results.',
  status: 'published',
  body: '## Why it matters\n\nPatients search on their phones.',
  ...overrides,
});

describe.each(DIALECTS)('%s', (dialect) => {
  async function open() {
    const testApp = await createTestApp({ dialect });
    apps.push(testApp);
    return { ...testApp, posts: postsOf(testApp.app) };
  }

  test('control characters are stripped where a post is saved: none reaches its <title>, <h1>, text or feed', async () => {
    const { app, posts } = await open();
    const bell = '\u0007';
    await posts.create(
      fields({
        title: `Bell${bell} ringing\ttwice`,
        description: `A description with a bell${bell} in it, long enough to be a description.`,
        tags: [`tag${bell}`],
        faq: [{ question: `Why${bell}?`, answer: `Because${bell}\nof it.` }],
        body: `## Ring${bell}\n\nThe\u0000 text\u009b.`,
      }),
    );
    const row = (await posts.all()).find((post) => post.slug === 'local-seo-for-clinics')!;
    expect([row.title, row.tags, row.body]).toEqual(['Bell ringing twice', '["tag"]', '## Ring\n\nThe text.']);
    expect(JSON.parse(row.faq)).toEqual([{ question: 'Why?', answer: 'Because\nof it.' }]);
    const page = await request(app).get('/seo-guides/local-seo-for-clinics');
    expect(page.text).toContain('<title>Bell ringing twice</title>');
    expect(page.text).toContain('<h1>Bell ringing twice</h1>');
    const feed = await request(app).get('/feed.xml');
    // No control character but tab and line breaks, anywhere.
    const controls = (text: string) =>
      [...text].filter((char) => /\p{Cc}/u.test(char) && !['\t', '\n', '\r'].includes(char));
    expect([controls(page.text), controls(feed.text)]).toEqual([[], []]);
  });

  test('a post without a cover has the site default image as Article.image; its structured data validates', async () => {
    const { app, posts } = await open();
    await posts.create(fields());
    const page = await request(app).get('/seo-guides/local-seo-for-clinics');
    const blocks = jsonLd(page.text);
    expect(blocks.find((block) => block['@type'] === 'Article')).toMatchObject({
      image: 'https://example.test/icon-512.png',
    });
    expect(page.text).toContain('<meta property="og:image" content="https://example.test/icon-512.png"/>');
    expect((await request(app).get('/icon-512.png')).status).toBe(200);
    expect(validateStructuredData(blocks)).toEqual([]);
  });

  test('a category page carries a CollectionPage with an ItemList of its posts, and its breadcrumb; both validate', async () => {
    const { app, posts } = await open();
    for (let n = 1; n <= 5; n++) await posts.create(fields({ slug: `extra-${n}`, title: `Extra guide ${n}` }));
    const listed = await posts.reader.category('seo-guides', 2);
    const second = await request(app).get('/seo-guides?page=2');
    const blocks = jsonLd(second.text);
    expect(validateStructuredData(blocks)).toEqual([]);
    const collection = blocks.find((block) => block['@type'] === 'CollectionPage')!;
    expect(collection).toMatchObject({ url: 'https://example.test/seo-guides?page=2', name: expect.any(String) });
    expect(collection.mainEntity).toEqual({
      '@type': 'ItemList',
      numberOfItems: listed.total,
      itemListElement: listed.posts.map((post, index) => ({
        '@type': 'ListItem',
        position: 11 + index,
        url: `https://example.test/seo-guides/${post.slug}`,
        name: post.title,
      })),
    });
    expect(blocks.find((block) => block['@type'] === 'BreadcrumbList')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://example.test/' },
        { '@type': 'ListItem', position: 2, name: 'SEO guides', item: 'https://example.test/seo-guides' },
      ],
    });
    const first = jsonLd((await request(app).get('/seo-guides')).text);
    expect(validateStructuredData(first)).toEqual([]);
    const items = (first.find((block) => block['@type'] === 'CollectionPage')!.mainEntity as Record<string, unknown>)
      .itemListElement as unknown[];
    expect(items).toHaveLength(10);
  });
});
