import { expect, test } from 'vitest';
import { getSitemapFile } from '#db/generated-sitemaps.ts';
import { loadConfig } from '#server/config/index.ts';
import { CRAWLER_BOT_NAME } from '#server/lib/crawler/index.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { IMAGE_NS, SITEMAP_NS, XHTML_NS } from '#server/lib/sitemap-xml/xml.ts';
import { serveFixture } from '#test/fixtures/crawl-site.ts';
import { GALLERY_IMAGES, SITEMAP_OPTIONS_LISTED, sitemapOptionsSite } from '#test/fixtures/sitemap-options-site.ts';
import { closeTestDatabase, openTestDatabase } from '#test/helpers/databases.ts';
import { fileOf } from '#test/helpers/sitemap-generator.ts';
import { parseSitemapXml } from '#test/helpers/sitemap-xml.ts';
import { resolveSitemapOptions, type SitemapOptionsInput } from '#views/model/sitemap-options.ts';
import { generateSitemap } from './generate.ts';

/**
 * The generator's options on one fixture site (test/fixtures/sitemap-options-site.ts), crawled
 * through the real guarded fetcher and built as the job builds it: the exact URLs each option
 * combination lists, the exact image and hreflang entries, the broken links with their sources,
 * and the HTML sitemap's links.
 */
async function generate(given: SitemapOptionsInput = {}, settings: { maxPages?: number; concurrency?: number } = {}) {
  const site = await serveFixture(sitemapOptionsSite);
  const db = await openTestDatabase('sqlite');
  try {
    const loaded = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'http://tools.test' });
    const sitemapSettings = { ...loaded.sitemapGenerator, ...settings };
    const fetcher = createSafeFetcher({
      allowPrivate: [site.hostPort],
      userAgent: `${CRAWLER_BOT_NAME}/1.0 (+http://tools.test)`,
    });
    const generated = await generateSitemap(
      { db, siteUrl: 'http://tools.test', settings: sitemapSettings, fetcher },
      {
        start: `${site.origin}/`,
        httpFallback: false,
        visitor: 'alice',
        options: resolveSitemapOptions(given, sitemapSettings.maxPages),
      },
      () => undefined,
      new AbortController().signal,
    ).catch((error: unknown) => error as Error);
    if (generated instanceof Error) return { site, error: generated };
    const xml = (await getSitemapFile(db, fileOf(generated.sitemap)))!.content;
    const html = (await getSitemapFile(db, fileOf(generated.report.htmlSitemap)))!.content;
    return { site, generated, xml, html, parsed: parseSitemapXml(xml) };
  } finally {
    await closeTestDatabase(db);
    await site.close();
  }
}

type Generated = Awaited<ReturnType<typeof generate>>;

/** The listed URLs as paths (path and query), sorted. */
function paths(result: Generated): string[] {
  if (!result.parsed) throw result.error;
  return result.parsed.entries.map((entry) => entry.loc.slice(result.site.origin.length)).sort();
}

const sorted = (...lists: readonly (readonly string[])[]) => lists.flat().sort();

test('by default: indexable canonical pages only, with their images and hreflang alternates', async () => {
  const result = await generate();
  expect(paths(result)).toEqual(sorted(SITEMAP_OPTIONS_LISTED.defaults));
  const origin = result.site.origin;
  const entry = (path: string) => result.parsed!.entries.find((candidate) => candidate.loc === `${origin}${path}`);
  expect(entry('/')).toEqual({
    loc: `${origin}/`,
    images: [`${origin}/img/hero.jpg`, 'https://cdn.example/logo.png'],
    alternates: [
      { rel: 'alternate', hreflang: 'en', href: `${origin}/` },
      { rel: 'alternate', hreflang: 'hi-IN', href: `${origin}/hi/` },
      { rel: 'alternate', hreflang: 'x-default', href: `${origin}/` },
    ],
  });
  expect(entry('/hi/')).toEqual({
    loc: `${origin}/hi/`,
    alternates: [
      { rel: 'alternate', hreflang: 'en', href: `${origin}/` },
      { rel: 'alternate', hreflang: 'hi-IN', href: `${origin}/hi/` },
    ],
  });
  // Relative names resolve against the page; a space is percent-encoded, an ampersand escaped in the XML.
  expect(entry('/blog/post-1')).toEqual({
    loc: `${origin}/blog/post-1`,
    images: [`${origin}/blog/photo%20one.jpg`, `${origin}/img/a&b.png`],
  });
  expect(result.xml!).toContain(`<image:loc>${origin}/img/a&amp;b.png</image:loc>`);
  expect(entry('/shop/item')).toEqual({ loc: `${origin}/shop/item`, images: [`${origin}/img/item.png`] });
  // Google's cap: 1,000 images per URL, the first ones in page order.
  const gallery = entry('/gallery')!;
  expect(GALLERY_IMAGES).toBeGreaterThan(1000);
  expect(gallery.images).toEqual(Array.from({ length: 1000 }, (_, i) => `${origin}/img/g${i + 1}.jpg`));
  expect(entry('/about')).toEqual({ loc: `${origin}/about` });
  expect(result.xml!.split('\n')[1]).toBe(
    `<urlset xmlns="${SITEMAP_NS}" xmlns:image="${IMAGE_NS}" xmlns:xhtml="${XHTML_NS}">`,
  );
  expect(result.xml!).toContain(
    `<url><loc>${origin}/hi/</loc><xhtml:link rel="alternate" hreflang="en" href="${origin}/"/>` +
      `<xhtml:link rel="alternate" hreflang="hi-IN" href="${origin}/hi/"/></url>`,
  );
  expect(result.generated!.report).toMatchObject({ images: 2 + 2 + 1 + 1000, alternates: 5 });
  expect(result.generated!.report.options).toEqual({
    maxPages: 5000,
    include: [],
    exclude: [],
    includeNoindex: false,
    includeNonCanonical: false,
    images: true,
    hreflang: true,
  });
});

test('the broken links met while crawling, each with the page that links to it', async () => {
  const result = await generate();
  const origin = result.site.origin;
  const report = result.generated!.report;
  const rows = report.brokenLinks.map((link) => ({
    source: link.source.slice(origin.length),
    target: link.target.slice(origin.length),
    status: link.status,
  }));
  expect(rows).toEqual([
    { source: '/old-link', target: '/gone', status: 404 },
    { source: '/', target: '/missing', status: 404 },
    { source: '/blog/post-1', target: '/missing', status: 404 },
    { source: '/about', target: '/reset', status: null },
    { source: '/blog/post-1', target: '/server-error', status: 500 },
    { source: '/blog/post-2', target: '/server-error', status: 500 },
  ]);
  expect(report.brokenLinks.find((link) => link.status === 404)?.detail).toBe('HTTP 404');
  expect(report.brokenLinks.find((link) => link.status === null)?.detail).toMatch(/\S/);
  expect(report.brokenLinksTotal).toBe(6);
});

test('noindex and non-canonical pages are listed only when asked for, each option on its own', async () => {
  const noindex = await generate({ includeNoindex: true });
  expect(paths(noindex)).toEqual(sorted(SITEMAP_OPTIONS_LISTED.defaults, SITEMAP_OPTIONS_LISTED.noindex));
  const nonCanonical = await generate({ includeNonCanonical: true });
  expect(paths(nonCanonical)).toEqual(sorted(SITEMAP_OPTIONS_LISTED.defaults, SITEMAP_OPTIONS_LISTED.nonCanonical));
  const both = await generate({ includeNoindex: true, includeNonCanonical: true });
  expect(paths(both)).toEqual(
    sorted(SITEMAP_OPTIONS_LISTED.defaults, SITEMAP_OPTIONS_LISTED.noindex, SITEMAP_OPTIONS_LISTED.nonCanonical),
  );
});

test('include patterns list only matching pages (others are still crawled for links); exclude patterns are never fetched', async () => {
  const included = await generate({ include: ['/blog/'] });
  expect(paths(included)).toEqual(['/blog/', '/blog/post-1', '/blog/post-2']);
  expect(included.generated!.report.skippedCounts['not-included']).toBe(7);
  const withNoindex = await generate({ include: ['/blog/', '/thanks$'], includeNoindex: true });
  expect(paths(withNoindex)).toEqual(['/blog/', '/blog/draft', '/blog/post-1', '/blog/post-2', '/thanks']);

  const excluded = await generate({ exclude: ['/private/', '/gal*$'] });
  // /private-child is linked only from the excluded notes page, so the crawl never finds it.
  expect(paths(excluded)).toEqual(
    SITEMAP_OPTIONS_LISTED.defaults.filter((path) => !['/private/notes', '/private-child', '/gallery'].includes(path)),
  );
  const fetched = excluded.site.requests.map((request) => request.path);
  expect(fetched).not.toContain('/private/notes');
  expect(fetched).not.toContain('/gallery');
  expect(excluded.generated!.report.skipped.filter((entry) => entry.reason === 'excluded')).toEqual([
    {
      url: `${excluded.site.origin}/private/notes`,
      reason: 'excluded',
      detail: 'matches the exclude pattern /private/',
    },
    { url: `${excluded.site.origin}/gallery`, reason: 'excluded', detail: 'matches the exclude pattern /gal*$' },
  ]);

  const nothing = await generate({ include: ['/nowhere/'] });
  expect(nothing.error?.message).toBe(
    `No page of ${nothing.site.hostPort} matches your include patterns: 10 pages were crawled and left out.`,
  );
  const startExcluded = await generate({ exclude: ['/'] });
  expect(startExcluded.error?.message).toBe('The start URL cannot be crawled: matches the exclude pattern /.');
});

test('the page cap stops the crawl at that many requests (robots.txt counts as one)', async () => {
  const result = await generate({ maxPages: 4 }, { concurrency: 1 });
  expect(paths(result)).toEqual(['/', '/about', '/blog/']);
  expect(result.generated!.report.stoppedBy).toBe('page-limit');
  expect(result.site.requests.map((request) => request.path)).toEqual(['/robots.txt', '/', '/about', '/blog/']);
});

test('without images and hreflang the sitemap is the plain sitemaps.org urlset', async () => {
  const result = await generate({ images: false, hreflang: false });
  expect(paths(result)).toEqual(sorted(SITEMAP_OPTIONS_LISTED.defaults));
  expect(result.xml!.split('\n')[1]).toBe(`<urlset xmlns="${SITEMAP_NS}">`);
  expect(result.xml!).not.toMatch(/image:|xhtml:/);
  expect(result.generated!.report).toMatchObject({ images: 0, alternates: 0 });
  const imagesOnly = await generate({ hreflang: false });
  expect(imagesOnly.xml!.split('\n')[1]).toBe(`<urlset xmlns="${SITEMAP_NS}" xmlns:image="${IMAGE_NS}">`);
});

test('the HTML sitemap links every listed page once, grouped by section, titled by the page', async () => {
  const result = await generate();
  const origin = result.site.origin;
  const html = result.html!;
  const sections = [...html.matchAll(/<h2 id="(section-\d+)">([^<]+)<\/h2>/g)].map((match) => match[2]);
  expect(sections).toEqual(['Main pages', '/blog/']);
  const links = [...html.matchAll(/<li><a href="(http[^"]+)">([^<]+)<\/a>/g)].map((match) => [match[1], match[2]]);
  expect(links).toEqual([
    [`${origin}/`, 'Home'],
    [`${origin}/about`, 'About us'],
    [`${origin}/gallery`, 'Gallery'],
    [`${origin}/hi/`, 'मुखपृष्ठ'],
    [`${origin}/private-child`, 'Only linked from the notes'],
    [`${origin}/private/notes`, 'Notes'],
    [`${origin}/shop/item`, 'Item'],
    [`${origin}/blog/`, 'Blog'],
    [`${origin}/blog/post-1`, 'First post &amp; more'],
    [`${origin}/blog/post-2`, 'Second post'],
  ]);
  expect(html).toContain(`<title>Sitemap of ${result.site.hostPort}</title>`);
  expect(html).toContain('<nav aria-label="Sections"><ul><li><a href="#section-1">Main pages</a></li>');
  expect(html).toMatch(/<p>10 pages, listed on \d{4}-\d{2}-\d{2}\.<\/p>/);
});
