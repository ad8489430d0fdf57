import request from 'supertest';
import { expect, test } from 'vitest';
import { pages as routeTable } from '#server/pages/routes.ts';
import { createTestApp } from '#test/helpers/app.ts';

const { app, config } = await createTestApp();

/** Spec 2.2's route table. Pages other issues have not merged yet may be linked (e.g. from the home page). */
const specRoutes =
  `/ /about /sitemap-tool /seo-services-delhi /seo-services-rohini /seo-services-noida /seo-services-laxmi-nagar
/seo-company-janakpuri /seo-guides /digital-marketing /career-guidance /google-core-updates /try-free-tools /bulk-url-redirection-tool
/google-index-checker /youtube-transcript-tool /bulk-anchor-text-generators /youtube-tag-generator /whatsapp-chat-link
/comma-separator-tool /youtube-video-tags-extractor /url-domain-extractor /backlink-generator-tool /image-compressor
/about-us-page-generator /mobile-friendly-tester-tool /canonical-tag-generator /contact-me /disclaimer /terms-and-conditions
/write-for-us /sitemap /privacy-policy /ad-post-sites /social-bookmarking-sites /guest-post-sites /article-submission-sites
/directory-submission-sites /image-submission-sites /video-submission-sites /InstagramReelDownloader /YouTubeShortsDownloader
/PinterestDownloader /seo-audit /seo-optimized-page /viral-prompts`.split(/\s+/);
const notYetBuilt = new Set(specRoutes.filter((path) => !routeTable.some((page) => page.path === path)));

interface Crawled {
  path: string;
  title?: string;
  description?: string;
  canonical?: string;
  jsonLd: Array<Record<string, unknown>>;
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const decode = (text = '') =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

function internalLinks(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]+)"/g)]
    .map((match) => decode(match[1]))
    .filter((href) => href.startsWith('/') && !href.startsWith('//'))
    .map((href) => href.split('#')[0]!)
    .filter(Boolean);
}

function assetUrls(html: string): string[] {
  const srcs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  const sets = [...html.matchAll(/srcSet="([^"]+)"/gi)].flatMap((m) =>
    m[1]!.split(', ').map((entry) => entry.split(' ')[0]!),
  );
  return [...srcs, ...sets];
}

/** Breadth-first from / over every internal link the site renders. */
async function crawl(): Promise<{ pages: Crawled[]; problems: string[]; assets: Set<string> }> {
  const queue = ['/'];
  const seen = new Set(queue);
  const pages: Crawled[] = [];
  const problems: string[] = [];
  const assets = new Set<string>();
  while (queue.length) {
    const path = queue.shift()!;
    const res = await request(app).get(path);
    if (res.status === 404 && notYetBuilt.has(path)) continue;
    if (res.status !== 200) {
      problems.push(`${path} answered ${res.status}${res.headers.location ? ` → ${res.headers.location}` : ''}`);
      continue;
    }
    if (!String(res.headers['content-type']).startsWith('text/html')) continue;
    const html = res.text;
    pages.push({
      path,
      title: decode(attr(html, /<title>([^<]*)<\/title>/)),
      description: decode(attr(html, /<meta name="description" content="([^"]*)"/)),
      canonical: attr(html, /<link rel="canonical" href="([^"]*)"/),
      jsonLd: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)),
    });
    for (const url of assetUrls(html)) assets.add(url);
    for (const link of internalLinks(html)) {
      if (!seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
  }
  return { pages, problems, assets };
}

const result = crawl();

test('every internal link from / answers 200 directly: no 404 (beyond spec pages still being built), no redirect', async () => {
  const { pages, problems } = await result;
  expect(problems).toEqual([]);
  expect(pages.length).toBeGreaterThanOrEqual(20);
  for (const path of [
    '/seo-services-delhi',
    '/seo-company-janakpuri',
    '/privacy-policy',
    '/write-for-us',
    '/sitemap',
    '/seo-packages',
    '/case-studies',
    '/about',
  ]) {
    expect(pages.map((page) => page.path)).toContain(path);
  }
});

test('every crawled page has a title, a description and a canonical on SITE_URL; titles and descriptions are unique', async () => {
  const { pages } = await result;
  for (const page of pages) {
    expect(page.title, page.path).toBeTruthy();
    expect(page.description, page.path).toBeTruthy();
    // A query string (?page=2, ?sort=) is a view of the same document: its canonical is the path.
    expect(page.canonical, page.path).toBe(`${config.siteUrl}${page.path.split('?')[0]}`);
  }
  const documents = [...new Map(pages.map((page) => [page.path.split('?')[0], page])).values()];
  expect(new Set(documents.map((page) => page.title)).size).toBe(documents.length);
  expect(new Set(documents.map((page) => page.description)).size).toBe(documents.length);
});

test('FAQPage JSON-LD question counts match the spec', async () => {
  const { pages } = await result;
  const faqCount = (path: string) => {
    const page = pages.find((p) => p.path === path);
    const faq = page?.jsonLd.find((data) => data['@type'] === 'FAQPage') as { mainEntity: unknown[] } | undefined;
    return faq?.mainEntity.length;
  };
  expect(faqCount('/seo-services-delhi')).toBe(5);
  expect(faqCount('/seo-optimized-page')).toBe(3);
  expect(faqCount('/disclaimer')).toBe(4);
  expect(faqCount('/terms-and-conditions')).toBe(4);
  expect(faqCount('/write-for-us')).toBe(4);
  expect(faqCount('/contact-me')).toBe(4);
});

test('service pages publish LocalBusiness JSON-LD for their own area', async () => {
  const { pages } = await result;
  for (const [path, area] of [
    ['/seo-services-delhi', 'Delhi'],
    ['/seo-services-rohini', 'Rohini'],
    ['/seo-services-noida', 'Noida'],
    ['/seo-services-laxmi-nagar', 'Laxmi Nagar'],
    ['/seo-company-janakpuri', 'Janakpuri'],
  ]) {
    const business = pages
      .find((p) => p.path === path)
      ?.jsonLd.find((data) => data['@type'] === 'ProfessionalService') as
      { url: string; areaServed: Array<{ name: string }> } | undefined;
    expect(business?.url, path).toBe(`${config.siteUrl}${path}`);
    expect(
      business?.areaServed.map((place) => place.name),
      path,
    ).toContain(area);
  }
});

test('every image and script the crawled pages reference is served', async () => {
  const { assets } = await result;
  expect([...assets].some((url) => url.includes('/img/content/slide-audit'))).toBe(true);
  for (const url of assets) {
    const res = await request(app).get(url);
    expect([url, res.status]).toEqual([url, 200]);
  }
});
