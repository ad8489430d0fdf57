import request from 'supertest';
import { expect, test } from 'vitest';
import { buildNav, buildRedirects, navLinks, pages } from '#server/pages/routes.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { routeAddresses } from '#test/helpers/posts.ts';
import { resolvePage } from '#views/page.ts';

const { app, config } = await createTestApp();
const resolved = pages.map((page) => resolvePage(page, config.siteProfile.business));
const addressOf = await routeAddresses(app, pages, config.siteProfile.business);

function head(html: string) {
  const attr = (pattern: RegExp) => pattern.exec(html)?.[1];
  return {
    titles: html.match(/<title>/g)?.length ?? 0,
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    robots: attr(/<meta name="robots" content="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    lang: attr(/<html lang="([^"]*)"/),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)),
  };
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

test.each(resolved.map((page) => [page.path, page] as const))(
  '%s renders with complete head metadata',
  async (path, page) => {
    // A route with a parameter is asked for with a sample value (a post route, for a post that
    // exists); its canonical is that address.
    const address = addressOf(path);
    const res = await request(app).get(address);
    expect(res.status).toBe(200);
    const meta = head(res.text);
    expect(meta.titles).toBe(1);
    expect(decode(meta.title!)).toBe(page.title);
    expect(decode(meta.description!)).toBe(page.description);
    expect(meta.canonical).toBe(`${config.siteUrl}${address}`);
    expect(meta.robots).toBe(page.robots ?? 'index, follow');
    expect(meta.ogTitle).toBeDefined();
    expect(meta.lang).toBe('en');
    const faq = meta.jsonLd.find((data) => data['@type'] === 'FAQPage');
    if (page.faq?.length) expect(faq.mainEntity).toHaveLength(page.faq.length);
    else expect(faq).toBeUndefined();
  },
);

test('titles and descriptions are unique across the route table', () => {
  expect(new Set(resolved.map((page) => page.title)).size).toBe(pages.length);
  expect(new Set(resolved.map((page) => page.description)).size).toBe(pages.length);
});

test('an unknown path answers 404 with the spec text', async () => {
  const res = await request(app).get('/no-such-page');
  expect(res.status).toBe(404);
  expect(res.text).toContain('404 - Page Not Found');
  expect(res.text).toContain('The page you are looking for does not exist.');
  expect(res.text).toMatch(/<a class="button" href="\/">Go to Home<\/a>/);
  expect(res.text).toContain('noindex');
});

test('every alias redirects to an existing canonical page', async () => {
  for (const [alias, target] of buildRedirects()) {
    const res = await request(app).get(alias);
    expect(res.status, alias).toBe(301);
    expect(res.headers.location).toBe(target);
  }
});

test('menus link only to pages that exist', () => {
  const paths = new Set(pages.map((page) => page.path));
  const nav = buildNav();
  const { header, footer } = navLinks(nav);
  const links = [...header, ...footer];
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(paths.has(link.href), link.href).toBe(true);
});
