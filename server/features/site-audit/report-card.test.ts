import sharp from 'sharp';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import type { ReportBrand } from '#server/lib/pdf/index.ts';
import { serveFixture } from '#test/fixtures/crawl-site.ts';
import { cleanSite } from '#test/fixtures/site-audit-clean-site.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { readEventStream } from '#test/helpers/event-stream.ts';
import { cardCache, cardFacts, reportCardSvg, type CardFacts } from './report-card.ts';

const facts: CardFacts = {
  site: 'shop.example.in',
  date: '29 November 2026',
  score: 74,
  errors: 1,
  warnings: 12,
  brandName: 'Rao & Sons <Digital>',
  brandSite: 'seo.example.in',
};

test('the card says the site, the day, the score and whose report it is, its text escaped', () => {
  const svg = reportCardSvg(facts);
  expect(svg).toMatch(/^<svg [^>]*width="1200" height="630"/);
  const texts = [...svg.matchAll(/<(?:text|tspan) [^>]*>([^<]+)</g)].map((match) => match[1]);
  expect(texts).toEqual([
    'Website SEO audit',
    'shop.example.in',
    '29 November 2026',
    '74',
    '/100 health score',
    '1 error · 12 warnings',
    'Rao &amp; Sons &lt;Digital&gt; · seo.example.in',
  ]);
});

test('the card facts come from the audit and the profile (its name, its site, its time zone)', () => {
  const brand: ReportBrand = {
    name: 'Lotus Lane Digital',
    email: 'hello@lotuslane.example',
    phone: '+91 98765 43210',
    website: 'https://seo.example.in',
    timeZone: 'Asia/Kolkata',
  };
  const audit = {
    url: 'http://shop.example.in/',
    summary: { score: 90, errors: 0, warnings: 2, notices: 0, pages: 5 },
    // 8 pm UTC on the 28th is the 29th in India.
    finishedAt: '2026-11-28T20:00:00.000Z',
    createdAt: '2026-11-28T19:59:00.000Z',
  };
  expect(cardFacts(audit, brand)).toEqual({
    site: 'shop.example.in',
    date: '29 November 2026',
    score: 90,
    errors: 0,
    warnings: 2,
    brandName: 'Lotus Lane Digital',
    brandSite: 'seo.example.in',
  });
});

test('cards are drawn once each, the least recently asked for dropped past the bound, a failed drawing not kept', async () => {
  const drawn: string[] = [];
  let fail = false;
  const cards = cardCache(async (svg) => {
    drawn.push(/font-weight="700" fill="#101828">([^<]*)</.exec(svg)![1]!);
    if (fail) throw new Error('no libvips today');
    return Buffer.from(svg);
  }, 2);
  const of = (site: string) => ({ ...facts, site });
  await Promise.all([cards('a', of('a.in')), cards('a', of('a.in'))]);
  await cards('b', of('b.in'));
  await cards('a', of('a.in')); // a is now the most recent: b goes first
  await cards('c', of('c.in'));
  await cards('a', of('a.in'));
  await cards('b', of('b.in'));
  expect(drawn).toEqual(['a.in', 'b.in', 'c.in', 'b.in']);
  fail = true;
  await expect(cards('d', of('d.in'))).rejects.toThrow('no libvips today');
  fail = false;
  await cards('d', of('d.in'));
  expect(drawn.slice(4)).toEqual(['d.in', 'd.in']);
});

describe.each(DIALECTS)('%s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const made of apps.splice(0)) await made.close();
  });

  test("a finished report's head names its card, a 1200 × 630 PNG served with cache headers; 404 JSON for an unknown id", async () => {
    const site = await serveFixture(cleanSite);
    try {
      const made = await createTestApp({
        dialect,
        env: { FETCH_ALLOW_PRIVATE: site.hostPort, SITE_URL: 'https://seo.example.in' },
      });
      apps.push(made);
      const started = await request(made.app)
        .post('/api/site-audits')
        .send({ url: `${site.origin}/` });
      expect(started.status).toBe(202);
      const id = started.body.id as string;
      await readEventStream(made.app, `/api/site-audits/${id}/events`);

      const page = await request(made.app).get(`/site-audit/${id}`);
      const card = `https://seo.example.in/site-audit/${id}/card.png`;
      expect(page.text).toContain(`<meta property="og:image" content="${card}"/>`);
      expect(page.text).toContain('<meta property="og:image:width" content="1200"/>');
      expect(page.text).toContain('<meta property="og:image:height" content="630"/>');
      expect(page.text).toContain('<meta name="robots" content="noindex, nofollow"/>');

      const png = await request(made.app).get(`/site-audit/${id}/card.png`).buffer(true);
      expect(png.status).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['cache-control']).toBe('public, max-age=86400, immutable');
      expect(png.headers['x-robots-tag']).toBe('noindex');
      expect(await sharp(png.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });

      for (const unknown of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-an-id']) {
        const missing = await request(made.app).get(`/site-audit/${unknown}/card.png`);
        expect([missing.status, missing.headers['content-type'], missing.body]).toEqual([
          404,
          'application/json; charset=utf-8',
          { error: 'No site audit with that id.' },
        ]);
      }
    } finally {
      await site.close();
    }
  });
});
